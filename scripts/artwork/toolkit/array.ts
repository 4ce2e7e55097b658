/** Indexing that fails loudly, so an off-by-one in a drawing cannot slip through as `undefined`. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} out of range`);
  return item;
}
