import { at } from './array.ts';
import { W } from './canvas.ts';
import { ridge, silhouette, smooth } from './paths.ts';
import { type Rng } from './random.ts';
import { n, type Pt } from './svg.ts';

/** Flat poster cloud: a pill with a few bumps on top. */
export function cloud(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  opacity: number,
): string {
  const parts = [
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 2)}"/>`,
  ];
  const bumps = Math.max(1, Math.round(w / (h * 1.6)));
  for (let i = 0; i < bumps; i++) {
    const cx =
      x +
      h * 0.9 +
      ((w - h * 1.8) * (i + 0.5)) / bumps +
      rng.range(-h * 0.2, h * 0.2);
    const r = h * rng.range(0.55, 0.95);
    parts.push(
      `<circle cx="${n(cx)}" cy="${n(y + h - r * 0.9)}" r="${n(r)}"/>`,
    );
  }
  return `<g fill="${fill}" opacity="${opacity}">${parts.join('')}</g>`;
}

/** A loose flock of "V" strokes, smaller and larger at random so that it reads as depth. */
export function birds(
  rng: Rng,
  cx: number,
  cy: number,
  count: number,
  spread: number,
  color: string,
  size: number,
): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = cx + rng.range(-spread, spread);
    const y = cy + rng.range(-spread * 0.35, spread * 0.35);
    const s = size * rng.range(0.6, 1.1);
    out.push(
      `<path d="M${n(x - s)},${n(y - s * 0.2)} Q${n(x - s * 0.45)},${n(y - s * 0.65)} ${n(x)},${n(y)} Q${n(x + s * 0.45)},${n(y - s * 0.65)} ${n(x + s)},${n(y - s * 0.2)}"/>`,
    );
  }
  return `<g fill="none" stroke="${color}" stroke-width="${n(size * 0.22)}" stroke-linecap="round" stroke-linejoin="round">${out.join('')}</g>`;
}

/** Rounded rock with a lit upper-left cap, the light coming from the same side in every scene. */
export function boulder(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  light: string,
): string {
  const ring: Pt[] = [];
  const count = 9;
  for (let i = 0; i < count; i++) {
    // Only the upper half, left to right: the rock sits on its flat base.
    const a = Math.PI + (i / (count - 1)) * Math.PI;
    const j = rng.range(0.88, 1.08);
    ring.push([cx + Math.cos(a) * rx * j, cy + Math.sin(a) * ry * j]);
  }
  const first = at(ring, 0);
  const last = at(ring, ring.length - 1);
  const shape = `${smooth(ring)} L${n(last[0])},${n(cy + ry * 0.35)} Q${n(cx)},${n(cy + ry * 0.5)} ${n(first[0])},${n(cy + ry * 0.35)} Z`;
  const cap = ring
    .slice(0, 6)
    .map(([x, y]): Pt => [x + (cx - x) * 0.08, y + (cy - y) * 0.08]);
  const capStart = at(cap, 0);
  const capD = `${smooth(cap)} Q${n(cx - rx * 0.15)},${n(cy - ry * 0.25)} ${n(capStart[0] + rx * 0.05)},${n(cy + ry * 0.1)} Z`;
  return `<path d="${shape}" fill="${fill}"/><path d="${capD}" fill="${light}"/>`;
}

/** A rounded hill or headland: a rough ridge through the key points, closed down to `floor`. */
export function hill(
  rng: Rng,
  keys: readonly Pt[],
  roughness: number,
  depth: number,
  floor: number,
  fill: string,
): string {
  const line = ridge(rng, keys, roughness, depth);
  return `<path d="${silhouette(line, floor, true)}" fill="${fill}"/>`;
}

/** One line on a stretch of water; `t` runs from 0 far away to 1 near. */
export interface WaterLine {
  t: number;
  x: number;
  y: number;
  len: number;
}

export interface WaterSpread {
  count: number;
  top: number;
  depth: number;
  /** Above 1 crowds the lines toward the horizon, as perspective does. */
  power: number;
  /** Length of the farthest line, and how much longer the nearest is. */
  shortest: number;
  growth: number;
  /** The lines start anywhere from here to the right edge. */
  left: number;
}

/** Ripples or swell scattered over water, longer and lower down the nearer they are. */
export function waterLines(rng: Rng, spread: WaterSpread): WaterLine[] {
  const lines: WaterLine[] = [];
  for (let i = 0; i < spread.count; i++) {
    const t = rng.next();
    const y = spread.top + Math.pow(t, spread.power) * spread.depth;
    const len = spread.shortest + t * spread.growth;
    const x = rng.range(spread.left, W);
    lines.push({ t, x, y, len });
  }
  return lines;
}

/** The sky gradient and the sun's glow over it; the glow may stop short of the sky. */
export function skyWithGlow(height: number, glowHeight = height): string {
  return `<rect width="${W}" height="${height}" fill="url(#sky)"/><rect width="${W}" height="${glowHeight}" fill="url(#glow)"/>`;
}
