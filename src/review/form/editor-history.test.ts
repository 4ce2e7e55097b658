import { expect, test } from 'vitest';
import {
  changedText,
  recordEdit,
  redo,
  startHistory,
  undo,
  type EditorHistory,
} from './editor-history.ts';

type Form = {
  title: string;
  steps: Array<{ name: string; required: boolean }>;
};

const form: Form = {
  title: 'Trip',
  steps: [
    { name: 'Welcome', required: false },
    { name: 'About you', required: true },
  ],
};

/** The form with one step's name replaced, as an editor's edit makes it. */
const named = (base: Form, index: number, name: string): Form => ({
  ...base,
  steps: base.steps.map((step, at) =>
    at === index ? { ...step, name } : step,
  ),
});

/** Types `text` into step 0's name, one letter every `gapMs` from `start`. */
function type(
  history: EditorHistory<Form>,
  text: string,
  start: number,
  gapMs: number,
) {
  let typed = history;
  [...text].forEach((_, index) => {
    typed = recordEdit(
      typed,
      named(typed.present, 0, text.slice(0, index + 1)),
      start + index * gapMs,
    );
  });
  return typed;
}

test('typing a word in one field is one undo step, and redo brings it back exactly', () => {
  const typed = type(startHistory(form), 'Hello', 0, 200);
  expect(typed.present.steps[0]?.name).toBe('Hello');
  expect(typed.past).toEqual([form]);

  const undone = undo(typed);
  expect(undone.present).toBe(form);
  expect(undo(undone)).toBe(undone);
  const redone = redo(undone);
  expect(redone.present).toBe(typed.present);
  expect(redo(redone)).toBe(redone);
});

test('a pause of over a second starts a new step', () => {
  const first = type(startHistory(form), 'Hel', 0, 300);
  // The last letter at 600 ms; the next 1001 ms after it.
  const second = recordEdit(first, named(first.present, 0, 'Hello'), 1601);
  expect(second.past.map((entry) => entry.steps[0]?.name)).toEqual([
    'Welcome',
    'Hel',
  ]);
  expect(undo(second).present.steps[0]?.name).toBe('Hel');
  expect(undo(undo(second)).present).toBe(form);
  // Exactly a second later still joins.
  const joined = recordEdit(first, named(first.present, 0, 'Help'), 1600);
  expect(joined.past).toEqual([form]);
});

test('an edit of another field starts a new step, and so does coming back to the first', () => {
  let history = type(startHistory(form), 'Hi', 0, 100);
  history = recordEdit(history, named(history.present, 1, 'You'), 300);
  history = recordEdit(history, named(history.present, 0, 'Hi!'), 400);
  expect(
    history.past.map((entry) => entry.steps.map((step) => step.name)),
  ).toEqual([
    ['Welcome', 'About you'],
    ['Hi', 'About you'],
    ['Hi', 'You'],
  ]);
  expect(undo(history).present.steps[0]?.name).toBe('Hi');
});

test('an edit after undo starts a new step and forgets redo', () => {
  const typed = type(startHistory(form), 'Hello', 0, 100);
  const undone = undo(typed);
  const retyped = recordEdit(undone, named(undone.present, 0, 'W'), 500);
  expect(retyped.future).toEqual([]);
  expect(retyped.past).toEqual([form]);
});

test('a change that is not one text never joins another, whatever its timing', () => {
  let history = startHistory(form);
  const toggled = (base: Form): Form => ({
    ...base,
    steps: base.steps.map((step) => ({ ...step, required: !step.required })),
  });
  history = recordEdit(history, toggled(history.present), 0);
  history = recordEdit(history, toggled(history.present), 10);
  expect(history.past).toHaveLength(2);
  // Two steps swapped: the same texts, moved.
  const swapped = { ...form, steps: [...form.steps].reverse() };
  expect(changedText(form, swapped)).toBeNull();
});

test('the field an edit names decides what joins, over what changed', () => {
  let history = startHistory(form);
  // A label typed that also renames its answer key: two texts, one field.
  history = recordEdit(history, { ...history.present, title: 'T' }, 0, {
    field: 'steps.0.label',
  });
  history = recordEdit(
    history,
    { ...named(history.present, 0, 'T'), title: 'Tr' },
    100,
    { field: 'steps.0.label' },
  );
  expect(history.past).toEqual([form]);
  expect(undo(history).present).toBe(form);
});

test('an edit that changed nothing makes no undo step', () => {
  const history = startHistory(form);
  expect(recordEdit(history, structuredClone(form), 0)).toBe(history);
  expect(changedText(form, structuredClone(form))).toBeUndefined();
  expect(changedText(form, named(form, 1, 'X'))).toBe('steps.1.name');
});

test('undo reaches 200 steps back', () => {
  let history = startHistory(form);
  for (let index = 0; index < 250; index += 1)
    history = recordEdit(
      history,
      named(history.present, index % 2, `Name ${index}`),
      index * 5000,
    );
  expect(history.past).toHaveLength(200);
  expect(history.past[0]?.steps[1]?.name).toBe('Name 49');
});
