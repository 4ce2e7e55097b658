/** Reads a dotted path (`fields.single.animal.value`) from nested plain objects. */
export function getAt(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Writes a dotted path, creating plain objects on the way; returns the same root for chaining. */
export function setAt<T extends Record<string, unknown>>(
  root: T,
  path: string,
  value: unknown,
): T {
  const keys = path.split('.');
  let current: Record<string, unknown> = root;
  keys.slice(0, -1).forEach((key) => {
    const next = current[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next))
      current[key] = {};
    current = current[key] as Record<string, unknown>;
  });
  current[keys[keys.length - 1] as string] = value;
  return root;
}

/** True for the values the specification calls empty: undefined, null, blank strings and empty arrays. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
