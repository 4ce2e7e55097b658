import {
  isLiteralSearch,
  searchTermsOf,
  wordsOf,
} from '#review-api/search-words.ts';

/** A part of a text to mark: from `start` up to, not including, `end`. */
export type MarkedRange = { start: number; end: number };

/** A word as the index compares it: lower case, without its accents (`Zoë` is `zoe`). */
const folded = (word: string) =>
  word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Where a search found words in a text, as the inbox's search finds them: each whole word that a
 * term starts, in any case and whatever its accents; a term of several parts (`coast-path`) marks
 * its words in a row, the last started by the term's last part. A literal search (an address, a
 * handle with its `@`) marks where it occurs as typed, in any case. In order, never overlapping.
 */
export function searchMarksIn(text: string, search: string): MarkedRange[] {
  if (isLiteralSearch(search)) return literalMarksIn(text, search.trim());
  const terms = searchTermsOf(search).map((parts) => parts.map(folded));
  if (terms.length === 0) return [];
  const words = [...text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    word: folded(match[0]),
  }));
  const ranges: MarkedRange[] = [];
  let next = 0;
  while (next < words.length) {
    const length = longestTermAt(words, next, terms);
    if (length === 0) {
      next += 1;
      continue;
    }
    const first = words[next];
    const last = words[next + length - 1];
    if (first && last) ranges.push({ start: first.start, end: last.end });
    next += length;
  }
  return ranges;
}

/** How many words from `at` the longest term that matches there covers; 0 when none does. */
function longestTermAt(
  words: ReadonlyArray<{ word: string }>,
  at: number,
  terms: readonly string[][],
): number {
  let longest = 0;
  for (const parts of terms) {
    const isMatch = parts.every((part, index) => {
      const word = words[at + index]?.word;
      if (word === undefined) return false;
      return index === parts.length - 1 ? word.startsWith(part) : word === part;
    });
    if (isMatch) longest = Math.max(longest, parts.length);
  }
  return longest;
}

function literalMarksIn(text: string, search: string): MarkedRange[] {
  if (search === '' || wordsOf(search).length === 0) return [];
  const haystack = text.toLowerCase();
  const needle = search.toLowerCase();
  const ranges: MarkedRange[] = [];
  // Lower case keeps the length of these texts' letters; where it would not, nothing is marked.
  if (haystack.length !== text.length) return ranges;
  for (
    let start = haystack.indexOf(needle);
    start !== -1;
    start = haystack.indexOf(needle, start + needle.length)
  )
    ranges.push({ start, end: start + needle.length });
  return ranges;
}
