import { describe, expect, test } from 'vitest';
import {
  checkWizardConfig,
  type BlockComponent,
} from '#engine/config-schema.ts';
import type { Answer } from '#engine/block-kinds/answer.ts';
import {
  blockAnswers,
  blockKinds as engineKinds,
} from '#engine/block-kinds/block-kinds.ts';
import { defaultTexts } from '#engine/texts.ts';
import { exampleWith } from '../../../tests/support/wizard-configs.ts';
import { newBlock } from './block-factory.ts';
import {
  blockKinds,
  checkLabels,
  checksOf,
  kindLabel,
  kindMark,
  kinds,
  type TextCheck,
} from './block-kinds.ts';

const allKinds = Object.keys(engineKinds) as BlockComponent[];
const allChecks = Object.keys(checkLabels) as TextCheck[];

test('the editor knows every block kind the engine has, each with a name and a mark of its own', () => {
  expect(Object.keys(kinds).sort()).toEqual([...allKinds].sort());
  expect(blockKinds.map(([kind]) => kind).sort()).toEqual([...allKinds].sort());
  const names = allKinds.map(kindLabel);
  const marks = allKinds.map(kindMark);
  expect(new Set(names).size).toBe(allKinds.length);
  expect(new Set(marks).size).toBe(allKinds.length);
  // Words, not the configuration's keys.
  for (const name of names) expect(name).not.toMatch(/[a-z][A-Z]|\(|\)/);
});

test.each(allKinds)(
  'a new %s block passes the check, put at the end of a form step',
  (kind) => {
    const config = exampleWith();
    // A form has one platforms block at most: the example's makes way for the new one.
    for (const step of config.steps)
      step.blocks = step.blocks.filter(
        (block) => block.component !== 'platforms',
      );
    config.steps[1]?.blocks.push(newBlock(kind, config));
    const checked = checkWizardConfig(config);
    expect(checked.ok ? [] : checked.issues).toEqual([]);
  },
);

// Values of each kind's answer, among them ones a check would refuse if the engine ran it.
const samples: Partial<Record<BlockComponent, unknown[]>> = {
  textInput: [
    'abc',
    'ada@example.org',
    '12345',
    '+1 202 555 0123',
    'https://example.org/ada',
    'ada.travels',
    '',
  ],
  select: ['First option', 'abc', ''],
  yesNo: [true, false, null],
  checkbox: [true, false],
  phone: [
    { countryCode: '+1', subscriber: '2025550123' },
    { countryCode: '', subscriber: 'abc' },
  ],
};

/** Whether the engine refuses some value of the kind with the check that it accepts without it. */
function checkMatters(kind: BlockComponent, check: TextCheck): boolean {
  const block = newBlock(kind, exampleWith());
  const [draft] = blockAnswers(block, {
    offeredPlatforms: [],
    requiredPlatforms: [],
  });
  if (!draft) return false;
  const answer = (validators: Answer['validators']): Answer => ({
    ...draft,
    validators,
    maxLength: draft.maxLength ?? 300,
  });
  const issues = (value: unknown, validators: Answer['validators']) =>
    draft.codec.check(value, answer(validators), defaultTexts, {}).length;
  return (samples[kind] ?? []).some(
    (value) => issues(value, [check]) > issues(value, []),
  );
}

describe('the checks offered per kind are those the engine runs on its answer', () => {
  test.each(allKinds)('%s', (kind) => {
    const offered = checksOf(kind);
    expect(allChecks.filter((check) => checkMatters(kind, check))).toEqual(
      allChecks.filter((check) => offered.includes(check)),
    );
  });
});

test('a yes/no offers no check; a text question offers the ZIP code among its checks', () => {
  expect(checksOf('yesNo')).toEqual([]);
  expect(checksOf('textInput')).toContain('zip');
  expect(checkLabels.zip).toBe('Must be a ZIP or postal code');
});
