import { expect, test } from 'vitest';
import { searchMarksIn } from './search-marks.ts';

/** The marked parts of a text, as they read. */
const marked = (text: string, search: string) =>
  searchMarksIn(text, search).map(({ start, end }) => text.slice(start, end));

test('marks each whole word a term starts, in any case', () => {
  expect(marked('Kayaking the fjords, then more kayaks', 'KAYA')).toEqual([
    'Kayaking',
    'kayaks',
  ]);
  expect(marked('Sea kayaking with cheese', 'chee kaya')).toEqual([
    'kayaking',
    'cheese',
  ]);
});

test('a term starts a word, never its middle', () => {
  expect(marked('Lovelace and a lace collar', 'lace')).toEqual(['lace']);
});

test('whatever the accents, as the index finds them', () => {
  expect(marked('Zoë filmed the Ærø coast', 'zoe ærø')).toEqual(['Zoë', 'Ærø']);
  // Letters of their own, not accented ones, as the index keeps them apart.
  expect(marked('Ærø', 'aero')).toEqual([]);
  expect(marked('Zoe and Zoë', 'zoë')).toEqual(['Zoe', 'Zoë']);
});

test('a term of several parts marks its words in a row, the last as a prefix', () => {
  expect(
    marked('The coast path, a coast, a path; coast-paths', 'coast-pat'),
  ).toEqual(['coast path', 'coast-paths']);
  expect(marked('path coast', 'coast-path')).toEqual([]);
});

test('a literal search marks where it occurs as typed', () => {
  expect(
    marked('Write to Ada@Example.com or ada@example.org', 'ada@example.c'),
  ).toEqual(['Ada@Example.c']);
  expect(marked('50% off', '%')).toEqual([]);
});

test('nothing to mark without a word to find', () => {
  expect(marked('Anything at all', '  "*" ')).toEqual([]);
  expect(marked('', 'kaya')).toEqual([]);
});
