import { expect, test } from 'vitest';
import { nextTickMs, savedAgo } from './save-words.ts';

test('says how long ago the draft was saved, in seconds, then minutes, then hours', () => {
  expect(savedAgo(400)).toBe('just now');
  expect(savedAgo(2_300)).toBe('2 s ago');
  expect(savedAgo(59_999)).toBe('59 s ago');
  expect(savedAgo(60_000)).toBe('1 min ago');
  expect(savedAgo(3_599_000)).toBe('59 min ago');
  expect(savedAgo(7_300_000)).toBe('2 h ago');
});

test('wakes when the words change: at the next second for a minute, then at the next minute', () => {
  expect(nextTickMs(2_300)).toBe(700);
  expect(nextTickMs(61_000)).toBe(59_000);
});
