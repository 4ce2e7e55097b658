import { expect, test } from 'vitest';
import { createNewVisitCounter } from './new-visits-per-address.ts';

test('counts new visits per address per day, IPv6 by its /64, and starts again the next day', () => {
  const counter = createNewVisitCounter(3);
  const admitted = (address: string, day = '2026-11-28') =>
    counter.admit(address, day);
  expect(
    ['2001:db8:1:1::1', '2001:db8:1:1::2', '2001:db8:1:1:ffff::3'].map((a) =>
      admitted(a),
    ),
  ).toEqual([true, true, true]);
  expect(admitted('2001:db8:1:1::4')).toBe(false);
  expect(admitted('2001:db8:1:2::1')).toBe(true);
  expect(admitted('192.0.2.1')).toBe(true);
  expect(admitted('2001:db8:1:1::4', '2026-11-29')).toBe(true);
});

test('remembers at most so many addresses a day, forgetting the one counted longest ago', () => {
  const counter = createNewVisitCounter(1, 2);
  expect(counter.admit('192.0.2.1', 'd')).toBe(true);
  expect(counter.admit('192.0.2.2', 'd')).toBe(true);
  expect(counter.admit('192.0.2.1', 'd')).toBe(false);
  expect(counter.admit('192.0.2.3', 'd')).toBe(true);
  // 192.0.2.1 was forgotten to make room for .3, which is still at its cap.
  expect(counter.admit('192.0.2.1', 'd')).toBe(true);
  expect(counter.admit('192.0.2.3', 'd')).toBe(false);
});
