import { createHash } from 'node:crypto';

const keysInOrder = (value: object) => Object.keys(value).sort();

/** JSON with object keys in a fixed order, so equal values hash equally however their keys were ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${keysInOrder(value)
      .map(
        (key) =>
          `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The SHA-256 of a value's canonical JSON, in hex. */
export function hashCanonical(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
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
