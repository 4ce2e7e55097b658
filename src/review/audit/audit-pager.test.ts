import { expect, test } from 'vitest';
import {
  currentCursor,
  firstPage,
  newer,
  older,
  rangeOf,
} from './audit-pager.ts';

test('walks older and back newer through the cursors it was given, from the first page', () => {
  expect(currentCursor(firstPage)).toBeNull();
  const second = older(firstPage, 'cursor-2');
  const third = older(second, 'cursor-3');
  expect(currentCursor(third)).toBe('cursor-3');
  expect(currentCursor(newer(third))).toBe('cursor-2');
  expect(currentCursor(newer(newer(third)))).toBeNull();
  // The first page has nothing newer: it stays.
  expect(newer(firstPage)).toEqual(firstPage);
});

test('counts the entries a page shows from the newest, past 2,000', () => {
  let pager = firstPage;
  expect(rangeOf(pager, 100, 100)).toEqual({ first: 1, last: 100 });
  for (let page = 2; page <= 21; page += 1)
    pager = older(pager, `cursor-${page}`);
  expect(rangeOf(pager, 100, 50)).toEqual({ first: 2_001, last: 2_050 });
});
