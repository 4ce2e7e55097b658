import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import type { WizardConfig } from '#engine/config-schema.ts';
import {
  firstSelection,
  searchOfSelection,
  sectionOfPath,
  selectionAfter,
  selectionOfSearch,
  validSelection,
  type EditorSelection,
} from './editor-selection.ts';

const example = JSON.parse(
  readFileSync('config/example.wizard.json', 'utf8'),
) as WizardConfig;

const at = (step: number, block: number | null = null): EditorSelection => ({
  section: 'steps',
  step,
  block,
});

test('a selected block stays selected when a block before it is removed, and its step takes over when it is removed itself', () => {
  const chosen = at(1, 4);
  expect(
    selectionAfter(chosen, {
      kind: 'block',
      from: { step: 1, index: 1 },
      to: null,
    }),
  ).toEqual(at(1, 3));
  expect(
    selectionAfter(chosen, {
      kind: 'block',
      from: { step: 1, index: 4 },
      to: null,
    }),
  ).toEqual(at(1, null));
  // A block removed after it, or in another step, leaves it where it is.
  expect(
    selectionAfter(chosen, {
      kind: 'block',
      from: { step: 1, index: 5 },
      to: null,
    }),
  ).toEqual(chosen);
  expect(
    selectionAfter(chosen, {
      kind: 'block',
      from: { step: 2, index: 0 },
      to: null,
    }),
  ).toEqual(chosen);
});

test('a moved block stays selected at its new place, in its step or in another', () => {
  expect(
    selectionAfter(at(1, 4), {
      kind: 'block',
      from: { step: 1, index: 4 },
      to: { step: 1, index: 0 },
    }),
  ).toEqual(at(1, 0));
  expect(
    selectionAfter(at(2, 2), {
      kind: 'block',
      from: { step: 2, index: 2 },
      to: { step: 1, index: 7 },
    }),
  ).toEqual(at(1, 7));
});

test('the blocks around a moved block shift past it', () => {
  // The fifth block moved to the top: the first four each move down one.
  const toTop = {
    kind: 'block',
    from: { step: 1, index: 4 },
    to: { step: 1, index: 0 },
  } as const;
  expect(selectionAfter(at(1, 0), toTop)).toEqual(at(1, 1));
  expect(selectionAfter(at(1, 3), toTop)).toEqual(at(1, 4));
  expect(selectionAfter(at(1, 5), toTop)).toEqual(at(1, 5));
  // A block moved to another step: its old step closes up, the new one makes room.
  const across = {
    kind: 'block',
    from: { step: 2, index: 0 },
    to: { step: 1, index: 2 },
  } as const;
  expect(selectionAfter(at(2, 3), across)).toEqual(at(2, 2));
  expect(selectionAfter(at(1, 2), across)).toEqual(at(1, 3));
  expect(selectionAfter(at(1, 1), across)).toEqual(at(1, 1));
});

test('a block added before the selected one pushes it down; an open step is left as it is', () => {
  const added = {
    kind: 'block',
    from: null,
    to: { step: 1, index: 2 },
  } as const;
  expect(selectionAfter(at(1, 2), added)).toEqual(at(1, 3));
  expect(selectionAfter(at(1, 1), added)).toEqual(at(1, 1));
  expect(selectionAfter(at(1), added)).toEqual(at(1));
});

test('a moved step stays selected with its open block; the steps between shift', () => {
  expect(selectionAfter(at(2, 3), { kind: 'step', from: 2, to: 0 })).toEqual(
    at(0, 3),
  );
  expect(selectionAfter(at(0), { kind: 'step', from: 2, to: 0 })).toEqual(
    at(1),
  );
  expect(selectionAfter(at(3), { kind: 'step', from: 0, to: 2 })).toEqual(
    at(3),
  );
  expect(selectionAfter(at(2), { kind: 'step', from: 0, to: 2 })).toEqual(
    at(1),
  );
});

test('a removed step gives way to the step now in its place, with no block open', () => {
  expect(selectionAfter(at(2, 1), { kind: 'step', from: 2, to: null })).toEqual(
    at(2),
  );
  expect(selectionAfter(at(3), { kind: 'step', from: 1, to: null })).toEqual(
    at(2),
  );
  // The last step removed: the step before it, once fitted to the form.
  const config = { ...example, steps: example.steps.slice(0, 3) };
  expect(
    validSelection(
      selectionAfter(at(3), { kind: 'step', from: 3, to: null }),
      config,
    ),
  ).toEqual(at(2));
});

test('a selection past the form (after an undo, or typed into the address) fits to it', () => {
  const steps = example.steps.length;
  expect(validSelection(at(steps + 3, 0), example)).toEqual(at(steps - 1, 0));
  // General Information has 7 blocks: an eighth is no block, so the step itself is open.
  expect(validSelection(at(1, 7), example)).toEqual(at(1));
  expect(validSelection(at(1, 6), example)).toEqual(at(1, 6));
  // A selection that already fits is the same object: nothing re-renders for it.
  const fits = at(2, 3);
  expect(validSelection(fits, example)).toBe(fits);
});

test('the address names the selection counted from 1, and reads back as the same selection', () => {
  const selection: EditorSelection = { section: 'steps', step: 2, block: 4 };
  expect(searchOfSelection(selection)).toEqual({
    section: null,
    step: '3',
    block: '5',
  });
  expect(selectionOfSearch(new URLSearchParams('step=3&block=5'))).toEqual(
    selection,
  );
  expect(
    selectionOfSearch(new URLSearchParams('section=colours&step=2')),
  ).toEqual({ section: 'colours', step: 1, block: null });
  expect(searchOfSelection({ section: 'texts', step: 1, block: null })).toEqual(
    { section: 'texts', step: '2', block: null },
  );
});

test('the first step open, as the editor opens, leaves the address plain', () => {
  expect(searchOfSelection(firstSelection)).toEqual({
    section: null,
    step: null,
    block: null,
  });
  expect(
    searchOfSelection({ section: 'colours', step: 0, block: null }),
  ).toEqual({ section: 'colours', step: null, block: null });
  expect(searchOfSelection({ section: 'steps', step: 0, block: 0 })).toEqual({
    section: null,
    step: '1',
    block: '1',
  });
});

test('an address that names nothing opens the first step', () => {
  expect(selectionOfSearch(new URLSearchParams(''))).toEqual(firstSelection);
  expect(
    selectionOfSearch(new URLSearchParams('section=secrets&step=0&block=-1')),
  ).toEqual(firstSelection);
  expect(selectionOfSearch(new URLSearchParams('step=two&block=1e3'))).toEqual(
    firstSelection,
  );
});

test('a problem’s path leads to the section that shows its field', () => {
  expect(sectionOfPath('theme.brand')).toBe('colours');
  expect(sectionOfPath('coverImages[0].alt')).toBe('images');
  expect(sectionOfPath('notifications.templates.receipt.subject')).toBe(
    'emails',
  );
  expect(sectionOfPath('texts.signIn')).toBe('texts');
  expect(sectionOfPath('footerLinks[2].url')).toBe('general');
  expect(sectionOfPath('hiddenFields[1]')).toBe('general');
  expect(sectionOfPath('embed.logo')).toBe('general');
  expect(sectionOfPath('steps[1].blocks[4].data.label')).toBe('steps');
  expect(sectionOfPath('formItems[3].showOnCondition.path')).toBe('steps');
});
