/**
 * Whether two JSON values are equal as JSON: objects by their keys whatever their order, a key
 * whose value is `undefined` as absent (JSON has no such value), arrays item by item.
 */
export function isSameJson(first: unknown, second: unknown): boolean {
  if (first === second) return true;
  if (Array.isArray(first) || Array.isArray(second))
    return (
      Array.isArray(first) &&
      Array.isArray(second) &&
      first.length === second.length &&
      first.every((item, index) => isSameJson(item, second[index]))
    );
  if (
    first === null ||
    second === null ||
    typeof first !== 'object' ||
    typeof second !== 'object'
  )
    return false;
  const firstObject = first as Record<string, unknown>;
  const secondObject = second as Record<string, unknown>;
  const keys = (value: Record<string, unknown>) =>
    Object.keys(value).filter((key) => value[key] !== undefined);
  const firstKeys = keys(firstObject);
  return (
    firstKeys.length === keys(secondObject).length &&
    firstKeys.every(
      (key) =>
        Object.hasOwn(secondObject, key) &&
        isSameJson(firstObject[key], secondObject[key]),
    )
  );
}
