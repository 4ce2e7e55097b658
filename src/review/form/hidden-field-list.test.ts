import { expect, test } from 'vitest';
import {
  hiddenFieldNameProblem,
  hiddenFieldRows,
  withHiddenField,
  withoutHiddenField,
} from './hidden-field-list.ts';

test('lists ref first, always recorded, then the form’s own hidden fields, once each', () => {
  expect(hiddenFieldRows(['partner', 'ref', 'region'])).toEqual([
    { name: 'ref', isAlways: true },
    { name: 'partner', isAlways: false },
    { name: 'region', isAlways: false },
  ]);
  expect(hiddenFieldRows([])).toEqual([{ name: 'ref', isAlways: true }]);
});

test('adds a name that follows the rule, trimmed, at the end', () => {
  expect(hiddenFieldNameProblem(' partner ', ['region'])).toBeNull();
  expect(withHiddenField(['region'], ' partner ')).toEqual([
    'region',
    'partner',
  ]);
});

test('refuses an empty name, ref, a parameter the form reads, a name against the rule, and one listed twice', () => {
  expect(hiddenFieldNameProblem('  ', [])).toBe(
    'Type a name, such as partner.',
  );
  expect(hiddenFieldNameProblem('ref', [])).toBe('“ref” is always recorded.');
  for (const reserved of ['lang', 'embed', 'step'])
    expect(hiddenFieldNameProblem(reserved, [])).toBe(
      `“${reserved}” is a parameter the form reads for itself: choose another name.`,
    );
  for (const wrong of ['Partner', '2nd', 'partner-id', 'a b', 'x'.repeat(41)])
    expect(hiddenFieldNameProblem(wrong, []), wrong).toMatch(
      /^Lower-case letters, digits and _, starting with a letter, at most 40/,
    );
  expect(hiddenFieldNameProblem('x'.repeat(40), [])).toBeNull();
  expect(hiddenFieldNameProblem('partner', ['partner'])).toBe(
    '“partner” is already recorded.',
  );
  expect(withHiddenField(['partner'], 'partner')).toEqual(['partner']);
});

test('refuses a 21st hidden field', () => {
  const twenty = Array.from({ length: 20 }, (_, index) => `field_${index}`);
  expect(hiddenFieldNameProblem('one_more', twenty)).toBe(
    'A form records at most 20 hidden fields: remove one first.',
  );
  expect(hiddenFieldNameProblem('one_more', twenty.slice(1))).toBeNull();
});

test('removes a name, and only that one', () => {
  expect(withoutHiddenField(['partner', 'region'], 'partner')).toEqual([
    'region',
  ]);
  expect(withoutHiddenField(['region'], 'partner')).toEqual(['region']);
});
