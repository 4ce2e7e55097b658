import { describe, expect, it } from 'vitest';
import { canonicalJson, withKeysInOrder } from './canonical-json.ts';

describe('withKeysInOrder', () => {
  it('orders every object’s keys, indexes first by value, the others sorted', () => {
    const value = {
      b: 1,
      a: { z: [{ y: 1, x: 2 }], '10': 0, '2': 0 },
      c: null,
    };
    expect(canonicalJson(value)).toBe(
      '{"a":{"2":0,"10":0,"z":[{"x":2,"y":1}]},"b":1,"c":null}',
    );
  });

  it('gives back a value already in order as it is, and copies only what was out of order', () => {
    const inOrder = { a: { '2': 0, '10': 0, b: [1, { c: 1, d: 2 }] }, e: 'f' };
    expect(withKeysInOrder(inOrder)).toBe(inOrder);
    const outOfOrder = { a: { ok: true }, c: [{ y: 1, x: 2 }], b: 1 };
    const ordered = withKeysInOrder(outOfOrder);
    expect(Object.keys(ordered)).toEqual(['a', 'b', 'c']);
    expect(ordered.a).toBe(outOfOrder.a);
    expect(Object.keys(ordered.c[0] ?? {})).toEqual(['x', 'y']);
    expect(Object.keys(outOfOrder)).toEqual(['a', 'c', 'b']);
  });

  it('reads a key past the largest array index as a key like any other', () => {
    const big = String(2 ** 32);
    expect(Object.keys(withKeysInOrder({ b: 1, [big]: 2 }))).toEqual([
      big,
      'b',
    ]);
  });
});
