// The paths are the configuration's, few and read many times for each answer checked: each is
// split once.
const splitPaths = new Map<string, readonly string[]>();
function keysOf(path: string): readonly string[] {
  let keys = splitPaths.get(path);
  if (!keys) {
    keys = path.split('.');
    splitPaths.set(path, keys);
  }
  return keys;
}

/** Reads a dotted path (`fields.single.animal.value`) from nested plain objects. */
export function getAt(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of keysOf(path)) {
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
  const keys = keysOf(path);
  let current: Record<string, unknown> = root;
  for (let index = 0; index < keys.length - 1; index += 1) {
    const key = keys[index] as string;
    const next = current[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next))
      current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
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
