import { expect, test } from 'vitest';
import { countedFollowers, isOverstated } from './reach-claims.ts';

test('flags a stated count more than 25 % above the verified one', () => {
  expect(isOverstated(12_501, 10_000)).toBe(true);
  expect(isOverstated(50_000, 10_000)).toBe(true);
});

test('does not flag a stated count at exactly 25 % above, nor below it', () => {
  expect(isOverstated(12_500, 10_000)).toBe(false);
  expect(isOverstated(125, 100)).toBe(false);
  expect(isOverstated(10_000, 10_000)).toBe(false);
  expect(isOverstated(9_000, 10_000)).toBe(false);
});

test('flags any stated followers when the platform counts none', () => {
  expect(isOverstated(1, 0)).toBe(true);
  expect(isOverstated(0, 0)).toBe(false);
});

test('a rule counts the platform’s own followers where there are some, else the typed ones', () => {
  expect(countedFollowers({ followers: 12_000, verified: 8_000 })).toBe(8_000);
  expect(countedFollowers({ followers: 12_000, verified: 0 })).toBe(0);
  expect(countedFollowers({ followers: 12_000, verified: null })).toBe(12_000);
  expect(countedFollowers({ followers: 12_000 })).toBe(12_000);
});
