import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { WizardConfig } from '#engine/config-schema.ts';
import type { EditorSelection } from './editor-selection.ts';
import {
  problemCounts,
  problemPlace,
  problemsWord,
  selectionOfProblem,
} from './problem-marks.ts';

const current: EditorSelection = { section: 'steps', step: 2, block: 5 };

test('a block’s problems mark its row and its step’s, so a closed step still shows them', () => {
  const counts = problemCounts([
    {
      text: 'The Country question is needed by the State question.',
      path: 'formItems[5].showOnCondition.path',
      step: 1,
      block: 5,
    },
    { text: 'Name the step.', path: 'steps[1].name', step: 1 },
    { text: 'Another block.', path: 'steps[1].blocks[2]', step: 1, block: 2 },
    { text: 'The brand colour is no colour.', path: 'theme.brand' },
  ]);
  expect(Object.fromEntries(counts)).toEqual({
    'step-1': 3,
    'block-1-5': 1,
    'block-1-2': 1,
  });
});

test('a problem opens its block, its step, or the section of its field with the outline left where it was', () => {
  expect(
    selectionOfProblem(
      { text: '…', path: 'formItems[5]', step: 1, block: 4 },
      current,
    ),
  ).toEqual({ section: 'steps', step: 1, block: 4 });
  expect(
    selectionOfProblem({ text: '…', path: 'steps[0].name', step: 0 }, current),
  ).toEqual({ section: 'steps', step: 0, block: null });
  expect(
    selectionOfProblem({ text: '…', path: 'theme.brand' }, current),
  ).toEqual({ section: 'colours', step: 2, block: 5 });
});

test('counts in words', () => {
  expect(problemsWord(1)).toBe('1 problem');
  expect(problemsWord(2)).toBe('2 problems');
});

test('says where a problem is: its step and block, or its settings section', () => {
  const example = JSON.parse(
    readFileSync('config/example.wizard.json', 'utf8'),
  ) as WizardConfig;
  expect(
    problemPlace(
      { text: '…', path: 'formItems[5]', step: 1, block: 5 },
      example,
    ),
  ).toBe('Step 2, General Information: State or province');
  expect(
    problemPlace({ text: '…', path: 'steps[2].name', step: 2 }, example),
  ).toBe('Step 3, More Details');
  expect(problemPlace({ text: '…', path: 'theme.brand' }, example)).toBe(
    'Colours',
  );
  expect(
    problemPlace(
      { text: '…', path: 'notifications.templates.receipt' },
      example,
    ),
  ).toBe('E-mails');
});
