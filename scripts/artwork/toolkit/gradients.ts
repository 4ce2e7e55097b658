export type Stop = readonly [offset: number, color: string, opacity?: number];

/** A ramp as stored in gradient-ramps.json: `[offset, colour]` or `[offset, colour, opacity]`. */
type RawRamp = readonly (readonly (number | string)[])[];

function toStop(entry: readonly (number | string)[]): Stop {
  const [offset, color, opacity, ...rest] = entry;
  if (
    typeof offset !== 'number' ||
    typeof color !== 'string' ||
    !(opacity === undefined || typeof opacity === 'number') ||
    rest.length > 0
  ) {
    throw new TypeError(`bad gradient stop ${JSON.stringify(entry)}`);
  }
  return opacity === undefined ? [offset, color] : [offset, color, opacity];
}

type RampGroups<T> = {
  [G in keyof T]: Record<keyof T[G] & string, readonly Stop[]>;
};

/**
 * Ramps grouped by the module that draws them. JSON imports are loosely
 * typed, so every stop is checked once, as the data is read.
 */
export function readRamps<
  T extends Readonly<Record<string, Readonly<Record<string, RawRamp>>>>,
>(raw: T): RampGroups<T>;
export function readRamps(
  raw: Readonly<Record<string, Readonly<Record<string, RawRamp>>>>,
): Record<string, Record<string, readonly Stop[]>> {
  return Object.fromEntries(
    Object.entries(raw).map(([group, ramps]) => [
      group,
      Object.fromEntries(
        Object.entries(ramps).map(([id, ramp]) => [id, ramp.map(toStop)]),
      ),
    ]),
  );
}

function stops(list: readonly Stop[]): string {
  return list
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
    )
    .join('');
}

/** Top to bottom across whatever shape it fills. */
export function linear(id: string, list: readonly Stop[]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops(list)}</linearGradient>`;
}

function linearUserSpace(
  id: string,
  list: readonly Stop[],
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

/** Vertical in canvas coordinates, for shapes whose box differs from the band the colours belong to. */
export function linearY(
  id: string,
  list: readonly Stop[],
  y1: number,
  y2: number,
): string {
  return linearUserSpace(id, list, 0, y1, 0, y2);
}

/** Horizontal in canvas coordinates, so that a beam can fade away from its source. */
export function linearX(
  id: string,
  list: readonly Stop[],
  x1: number,
  x2: number,
): string {
  return linearUserSpace(id, list, x1, 0, x2, 0);
}

/** Centred on a point of the canvas, so that several shapes can share one glow. */
export function radial(
  id: string,
  list: readonly Stop[],
  cx: number,
  cy: number,
  r: number,
): string {
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;
}

/** Centred in whatever shape it fills, so that one definition serves shapes in many places. */
export function radialFill(id: string, list: readonly Stop[]): string {
  return `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">${stops(list)}</radialGradient>`;
}
