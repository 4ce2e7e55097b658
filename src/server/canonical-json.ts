import { createHash } from 'node:crypto';

const keysInOrder = (value: object) => Object.keys(value).sort();

/**
 * JSON with object keys in a fixed order, so equal values give equal text however their keys were
 * ordered. Built by the runtime's own serialiser over an ordered copy, the fastest way measured; the
 * copy's order is JavaScript's own (integer-like keys first, by value; the others sorted).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(withKeysInOrder(value));
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The SHA-256 of a value's canonical JSON, in hex. */
export function hashCanonical(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/**
 * A copy of a JSON value with every object's keys in the canonical order. PostgreSQL's jsonb keeps
 * keys in an order of its own; read through this, both engines give back byte-identical JSON.
 */
export function withKeysInOrder<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withKeysInOrder) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      keysInOrder(value).map((key) => [
        key,
        withKeysInOrder((value as Record<string, unknown>)[key]),
      ]),
    ) as T;
  return value;
}
