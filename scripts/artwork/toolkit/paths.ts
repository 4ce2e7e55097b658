import { at } from './array.ts';
import { type Rng } from './random.ts';
import { n, polyline, type Pt } from './svg.ts';

/**
 * Midpoint displacement between successive key points: the key points fix the
 * composition, the displacement makes the line look natural.
 */
export function ridge(
  rng: Rng,
  keys: readonly Pt[],
  roughness: number,
  depth = 4,
  decay = 0.55,
): Pt[] {
  let line: Pt[] = [...keys];
  let amp = roughness;
  for (let d = 0; d < depth; d++) {
    const next: Pt[] = [];
    for (let i = 0; i < line.length - 1; i++) {
      const a = at(line, i);
      const b = at(line, i + 1);
      next.push(a, [
        (a[0] + b[0]) / 2,
        (a[1] + b[1]) / 2 + rng.range(-amp, amp),
      ]);
    }
    next.push(at(line, line.length - 1));
    line = next;
    amp *= decay;
  }
  return line;
}

/** Catmull-Rom through the points, so that hills and rocks read as rounded rather than jagged. */
export function smooth(points: readonly Pt[]): string {
  const first = at(points, 0);
  let d = `M${n(first[0])},${n(first[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? at(points, i);
    const p1 = at(points, i);
    const p2 = at(points, i + 1);
    const p3 = points[i + 2] ?? p2;
    const k = 1 / 6;
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += `C${n(c1[0])},${n(c1[1])} ${n(c2[0])},${n(c2[1])} ${n(p2[0])},${n(p2[1])}`;
  }
  return d;
}

/** Closed silhouette: a ridge line down to a floor y. */
export function silhouette(
  line: readonly Pt[],
  floor: number,
  curved = false,
): string {
  const first = at(line, 0);
  const last = at(line, line.length - 1);
  const top = curved ? smooth(line) : polyline(line);
  return `${top} L${n(last[0])},${n(floor)} L${n(first[0])},${n(floor)} Z`;
}

/**
 * ridge() displaces only the second coordinate, so a line that runs top to
 * bottom (a rock edge, a column) is built with its coordinates swapped.
 */
export function ridgeDown(
  rng: Rng,
  keys: readonly Pt[],
  roughness: number,
  depth?: number,
  decay?: number,
): Pt[] {
  const swap = ([a, b]: Pt): Pt => [b, a];
  return ridge(rng, keys.map(swap), roughness, depth, decay).map(swap);
}

/** A band hanging under a line, such as turf on a clifftop or a lit rim on a headland. */
export function band(line: readonly Pt[], under: (point: Pt) => Pt): string {
  return `${polyline([...line, ...[...line].reverse().map(under)])} Z`;
}
