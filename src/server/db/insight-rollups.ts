/**
 * The step-time buckets: a quarter of an octave each (a bucket's upper bound is 1.19 times its
 * lower), from one second up, and one below a second. Counting the times of a period by bucket
 * finds the bucket that holds its median without reading the times themselves; only that bucket's
 * times are then read, so the median stays exact.
 */
export const stepTimeBounds: readonly number[] = [
  0,
  ...Array.from({ length: 80 }, (_, index) =>
    Math.round(1000 * 2 ** (index / 4)),
  ),
];

/** The bucket holding a step time: the last one whose lower bound is at most `ms`. */
export function bucketOf(ms: number): number {
  let low = 0;
  let high = stepTimeBounds.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((stepTimeBounds[middle] ?? Infinity) <= ms) low = middle;
    else high = middle - 1;
  }
  return low;
}
