import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { WizardConfig } from '#engine/config-schema.ts';
import { textsOf } from '#engine/languages/text-paths.ts';
import { exampleWith } from '../../../tests/support/wizard-configs.ts';
import {
  selectionAfter,
  validSelection,
  type EditorSelection,
  type OutlineChange,
} from './editor-selection.ts';
import {
  applyOutlineChange,
  blockActions,
  changeInWords,
  endOfStep,
  rowAfterChange,
  stepActions,
} from './outline-moves.ts';

const example = JSON.parse(
  readFileSync('config/example.wizard.json', 'utf8'),
) as WizardConfig;

const titles = (config: WizardConfig, step: number) =>
  config.steps[step]?.blocks.map((block) =>
    'label' in block.data ? block.data.label : block.data.text,
  );

test('the fifth block moved to the top of its step, and a step moved down', () => {
  const draft = structuredClone(example);
  applyOutlineChange(draft, {
    kind: 'block',
    from: { step: 1, index: 4 },
    to: { step: 1, index: 0 },
  });
  expect(titles(draft, 1)?.slice(0, 3)).toEqual([
    'Country',
    'First Name',
    'Last Name',
  ]);
  applyOutlineChange(draft, { kind: 'step', from: 0, to: 2 });
  expect(draft.steps.map((step) => step.name)).toEqual([
    'General Information',
    'More Details',
    'Welcome',
    'Creator Hub',
  ]);
});

test('a block moved to the end of another step, and one removed', () => {
  const draft = structuredClone(example);
  const from = { step: 2, index: 2 };
  const to = endOfStep(draft, from, 1);
  expect(to).toEqual({ step: 1, index: 7 });
  applyOutlineChange(draft, { kind: 'block', from, to });
  expect(titles(draft, 1)?.at(-1)).toBe(
    'What support are you looking for from us?',
  );
  expect(draft.steps[2]?.blocks).toHaveLength(17);
  applyOutlineChange(draft, {
    kind: 'block',
    from: { step: 1, index: 0 },
    to: null,
  });
  expect(titles(draft, 1)?.[0]).toBe('Last Name');
  // Its own step's end is its own step's last place.
  expect(endOfStep(draft, { step: 1, index: 2 }, 1)).toEqual({
    step: 1,
    index: 6,
  });
});

// Any move of any step or block, with any block selected: afterwards the selection still names the
// same block (or its step, when the block itself was removed).
const aSelection = fc
  .integer({ min: 0, max: example.steps.length - 1 })
  .chain((step) =>
    fc.record({
      section: fc.constant('steps' as const),
      step: fc.constant(step),
      block: fc.integer({
        min: 0,
        max: Math.max(0, (example.steps[step]?.blocks.length ?? 1) - 1),
      }),
    }),
  )
  .filter((selection) => example.steps[selection.step]?.blocks.length !== 0);

const aPlace = (isLanding: boolean) =>
  fc.integer({ min: 0, max: example.steps.length - 1 }).chain((step) =>
    fc.record({
      step: fc.constant(step),
      index: fc.integer({
        min: 0,
        max: Math.max(
          0,
          (example.steps[step]?.blocks.length ?? 0) - (isLanding ? 0 : 1),
        ),
      }),
    }),
  );

const aChange: fc.Arbitrary<OutlineChange> = fc.oneof(
  fc.record({
    kind: fc.constant('step' as const),
    from: fc.integer({ min: 0, max: example.steps.length - 1 }),
    to: fc.option(fc.integer({ min: 0, max: example.steps.length - 1 })),
  }),
  fc
    .record({
      kind: fc.constant('block' as const),
      from: aPlace(false),
      to: fc.option(aPlace(true)),
    })
    .filter(
      ({ from, to }) =>
        (example.steps[from.step]?.blocks.length ?? 0) > 0 &&
        // Within its own step a block lands on one of the places there are.
        !(
          to &&
          to.step === from.step &&
          to.index >= (example.steps[to.step]?.blocks.length ?? 0)
        ),
    ),
);

test('the selection follows its block through any move, and its step through any', () => {
  fc.assert(
    fc.property(aSelection, aChange, (selection: EditorSelection, change) => {
      const draft = structuredClone(example);
      const block = draft.steps[selection.step]?.blocks[selection.block ?? 0];
      const step = draft.steps[selection.step];
      applyOutlineChange(draft, change);
      const after = validSelection(selectionAfter(selection, change), draft);
      const isBlockRemoved =
        change.kind === 'block' &&
        change.to === null &&
        change.from?.step === selection.step &&
        change.from.index === selection.block;
      const isStepRemoved =
        change.kind === 'step' &&
        change.to === null &&
        change.from === selection.step;
      if (isStepRemoved) expect(after.block).toBeNull();
      else if (isBlockRemoved) {
        expect(after.block).toBeNull();
        expect(draft.steps[after.step]).toBe(step);
      } else {
        if (change.kind === 'step') expect(draft.steps[after.step]).toBe(step);
        expect(draft.steps[after.step]?.blocks[after.block ?? -1]).toBe(block);
      }
    }),
  );
});

test('a block’s menu moves it up, down, to each other step’s end, or removes it; a step’s up, down or away', () => {
  const labels = (actions: { label: string }[]) =>
    actions.map((action) => action.label);
  expect(labels(blockActions(example, { step: 1, index: 4 }))).toEqual([
    'Move up',
    'Move down',
    'Move to step 1, Welcome',
    'Move to step 3, More Details',
    'Move to step 4, Creator Hub',
    'Remove',
  ]);
  expect(
    blockActions(example, { step: 1, index: 0 }).find(
      (action) => action.label === 'Move to step 3, More Details',
    )?.change,
  ).toEqual({
    kind: 'block',
    from: { step: 1, index: 0 },
    to: { step: 2, index: 18 },
  });
  expect(labels(blockActions(example, { step: 1, index: 6 }))[0]).toBe(
    'Move up',
  );
  expect(labels(stepActions(example, 0))).toEqual(['Move down', 'Remove step']);
  expect(labels(stepActions(example, 3))).toEqual(['Move up', 'Remove step']);
});

test('each change says what it did in words, and focus goes to the moved row or the one in its place', () => {
  const toTop = {
    kind: 'block',
    from: { step: 1, index: 4 },
    to: { step: 1, index: 0 },
  } as const;
  expect(changeInWords(example, toTop)).toBe(
    'Moved “Country” to place 1 of 7 in step General Information.',
  );
  expect(rowAfterChange(example, toTop)).toBe('block-1-0');
  const away = {
    kind: 'block',
    from: { step: 1, index: 6 },
    to: { step: 2, index: 18 },
  } as const;
  expect(changeInWords(example, away)).toBe(
    'Moved “Platforms you share content on” to the end of step 3, More Details.',
  );
  const removed = {
    kind: 'block',
    from: { step: 1, index: 6 },
    to: null,
  } as const;
  expect(changeInWords(example, removed)).toBe(
    'Removed “Platforms you share content on”. Undo brings it back.',
  );
  // The last block removed: the one before it takes focus; a step's only block, the step.
  expect(rowAfterChange(example, removed)).toBe('block-1-5');
  expect(
    rowAfterChange(example, {
      kind: 'block',
      from: { step: 0, index: 0 },
      to: null,
    }),
  ).toBe('step-0');
  expect(changeInWords(example, { kind: 'step', from: 0, to: 2 })).toBe(
    'Moved step Welcome to place 3 of 4.',
  );
  expect(rowAfterChange(example, { kind: 'step', from: 3, to: null })).toBe(
    'step-2',
  );
});

/** Every text of a form translated as itself marked, so each translation names the text it belongs to. */
function translatedThroughout(config: WizardConfig): WizardConfig {
  const translated = structuredClone(config);
  translated.languages = [config.lang, 'de'];
  translated.translations = {
    de: Object.fromEntries(
      textsOf(config).flatMap(({ path, text }) =>
        text === undefined ? [] : [[path, `de: ${text}`]],
      ),
    ),
  };
  return translated;
}

test('translations follow their step or block through any move, and go with it when it is removed', () => {
  const translated = translatedThroughout(exampleWith());
  fc.assert(
    fc.property(aChange, (change) => {
      const draft = structuredClone(translated);
      applyOutlineChange(draft, change);
      const texts = new Map(
        textsOf(draft).map(({ path, text }) => [path, text]),
      );
      for (const [path, text] of Object.entries(draft.translations.de ?? {}))
        expect(text).toBe(`de: ${texts.get(path)}`);
      expect(draft.translations).toEqual(
        translatedThroughout(draft).translations,
      );
    }),
  );
});
