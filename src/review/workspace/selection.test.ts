import { expect, test } from 'vitest';
import {
  countOf,
  noSelection,
  selectedIdsOf,
  targetOf,
  withTicked,
  type Selection,
} from './selection.ts';

const listed = ['a', 'b', 'c'];

test('ticks and unticks applications one by one', () => {
  const ticked = withTicked(noSelection, listed, ['a', 'b'], true);
  expect([...selectedIdsOf(ticked, listed)]).toEqual(['a', 'b']);
  const unticked = withTicked(ticked, listed, ['a'], false);
  expect([...selectedIdsOf(unticked, listed)]).toEqual(['b']);
  expect(countOf(unticked)).toBe(1);
  // The selection it came from is left as it was.
  expect(countOf(ticked)).toBe(2);
});

test('every one matching counts as the number seen, and shows the listed ones ticked', () => {
  const matching: Selection = { kind: 'matching', count: 2_050 };
  expect(countOf(matching)).toBe(2_050);
  expect([...selectedIdsOf(matching, listed)]).toEqual(listed);
});

test('unticking one of every one matching leaves the others listed, as ids', () => {
  const matching: Selection = { kind: 'matching', count: 2_050 };
  const narrowed = withTicked(matching, listed, ['b'], false);
  expect(narrowed).toEqual({ kind: 'ids', ids: new Set(['a', 'c']) });
  expect(countOf(narrowed)).toBe(2);
});

test('names the selection to the API: ids, or the view with the count the person saw', () => {
  const view = { stage: 'new' as const, tag: 'coast' };
  expect(targetOf(withTicked(noSelection, listed, ['c'], true), view)).toEqual({
    ids: ['c'],
  });
  expect(targetOf({ kind: 'matching', count: 52 }, view)).toEqual({
    view,
    expected: 52,
  });
});
