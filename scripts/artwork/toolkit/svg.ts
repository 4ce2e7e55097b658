export type Pt = readonly [number, number];

/** Coordinates rounded to a tenth of a pixel keep the path data short. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export function pts(points: readonly Pt[]): string {
  return points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
}

/** Left open, so that callers can close the outline along their own floor or edge. */
export function polyline(points: readonly Pt[]): string {
  return `M${pts(points).replace(/ /g, ' L')}`;
}

type RawGroup = Readonly<Record<string, readonly (readonly number[])[]>>;

type OutlineGroups<T> = {
  [G in keyof T]: Record<keyof T[G] & string, readonly Pt[]>;
};

function toPoint(point: readonly number[]): Pt {
  const [x, y, ...rest] = point;
  if (x === undefined || y === undefined || rest.length > 0) {
    throw new TypeError(`bad point ${JSON.stringify(point)}`);
  }
  return [x, y];
}

/**
 * Outlines grouped by the module that draws them. JSON imports are loosely
 * typed, so every point is checked once, as the data is read.
 */
export function readOutlines<T extends Readonly<Record<string, RawGroup>>>(
  raw: T,
): OutlineGroups<T>;
export function readOutlines(
  raw: Readonly<Record<string, RawGroup>>,
): Record<string, Record<string, readonly Pt[]>> {
  return Object.fromEntries(
    Object.entries(raw).map(([group, outlines]) => [
      group,
      Object.fromEntries(
        Object.entries(outlines).map(([id, points]) => [
          id,
          points.map(toPoint),
        ]),
      ),
    ]),
  );
}
