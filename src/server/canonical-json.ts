import { createHash } from 'node:crypto';

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

// An array index ("0", "7", "10"): JavaScript lists such keys first, by value, whatever the order they were set in.
const isIndex = (key: string) =>
  /^(?:0|[1-9][0-9]*)$/.test(key) && Number(key) < 2 ** 32 - 1;

/**
 * Whether an object's keys already come in the canonical order: the indexes first (the runtime puts
 * them there) and the other keys sorted. Only a key that is not an index can be out of place.
 */
function keysAreInOrder(keys: readonly string[]): boolean {
  for (let index = 1; index < keys.length; index += 1) {
    const before = keys[index - 1] as string;
    if (before >= (keys[index] as string) && !isIndex(before)) return false;
  }
  return true;
}

/**
 * A JSON value with every object's keys in the canonical order. PostgreSQL's jsonb keeps keys in an
 * order of its own; read through this, both engines give back byte-identical JSON. What is already
 * in order is given back as it is, and only an object or list out of order is copied. (SQLite's
 * stored text is canonical JSON already, so its stored answers are parsed without coming here.)
 */
export function withKeysInOrder<T>(value: T): T {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const ordered = withKeysInOrder(item);
      if (ordered !== item)
        (copy ??= [...(value as unknown[])])[index] = ordered;
    });
    return (copy ?? value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (!keysAreInOrder(keys))
    return Object.fromEntries(
      keys.sort().map((key) => [key, withKeysInOrder(record[key])]),
    ) as T;
  let copy: Record<string, unknown> | undefined;
  for (const key of keys) {
    const ordered = withKeysInOrder(record[key]);
    if (ordered !== record[key]) (copy ??= { ...record })[key] = ordered;
  }
  return (copy ?? value) as T;
}
