import { RAMPS } from '../scene-data.ts';
import { at } from '../toolkit/array.ts';
import { W } from '../toolkit/canvas.ts';
import { radialFill } from '../toolkit/gradients.ts';
import { type Rng } from '../toolkit/random.ts';
import { n, type Pt } from '../toolkit/svg.ts';

const ramps = RAMPS.lantern;

const COLOURS = ['#e4513f', '#f08a3c', '#f4c04f', '#e4513f', '#d94f6b'];

/** Two strings sagging across the street, the nearer one with larger lanterns. */
const SPANS = [
  { a: [-20, 170], b: [W + 20, 230], sag: 150, count: 6, size: 26 },
  { a: [-20, 380], b: [W + 20, 330], sag: 120, count: 7, size: 20 },
] as const;

export function lanternGradients(): string[] {
  return [radialFill('lanternGlow', ramps.lanternGlow)];
}

interface LanternSpec {
  x: number;
  y: number;
  size: number;
  color: string;
}

/** A round paper lantern with ribs, caps, a tassel and a glow around it. */
function lantern({ x, y, size, color }: LanternSpec): string {
  const rx = size;
  const ry = size * 1.15;
  const ribs: string[] = [];
  for (let k = -2; k <= 2; k++) {
    const yy = y + (k * ry) / 3;
    const half = rx * Math.sqrt(1 - Math.pow(yy - y, 2) / (ry * ry));
    ribs.push(
      `<path d="M${n(x - half)},${n(yy)} q${n(half)},${n(size * 0.12)} ${n(half * 2)},0"/>`,
    );
  }
  return [
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size * 3.2)}" fill="url(#lanternGlow)"/>`,
    `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${color}"/>`,
    `<ellipse cx="${n(x - rx * 0.25)}" cy="${n(y - ry * 0.1)}" rx="${n(rx * 0.45)}" ry="${n(ry * 0.7)}" fill="#fff1c2" opacity="0.35"/>`,
    `<g fill="none" stroke="#7a2e2a" stroke-width="${n(size * 0.06)}" opacity="0.35">${ribs.join('')}</g>`,
    `<rect x="${n(x - rx * 0.45)}" y="${n(y - ry - size * 0.18)}" width="${n(rx * 0.9)}" height="${n(size * 0.26)}" rx="2" fill="#3b2a33"/>`,
    `<rect x="${n(x - rx * 0.45)}" y="${n(y + ry - size * 0.08)}" width="${n(rx * 0.9)}" height="${n(size * 0.26)}" rx="2" fill="#3b2a33"/>`,
    `<path d="M${n(x)},${n(y + ry + size * 0.18)} v${n(size * 0.5)}" stroke="${color}" stroke-width="${n(size * 0.12)}" stroke-linecap="round"/>`,
  ].join('');
}

/** The point at `t` along the quadratic curve from a through control point m to b. */
function along(t: number, [ax, ay]: Pt, [mx, my]: Pt, [bx, by]: Pt): Pt {
  return [
    (1 - t) * (1 - t) * ax + 2 * (1 - t) * t * mx + t * t * bx,
    (1 - t) * (1 - t) * ay + 2 * (1 - t) * t * my + t * t * by,
  ];
}

/**
 * The strings of lanterns across the street, with small bulbs between them.
 * Wires and lanterns come back separately so that every wire can be drawn
 * before any lantern: no wire then crosses in front of a lantern.
 */
export function lanternStrings(rng: Rng): { wires: string; lanterns: string } {
  const wires: string[] = [];
  const lanterns: string[] = [];
  SPANS.forEach((span, spanIndex) => {
    const { a, b } = span;
    const m: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + span.sag * 2];
    wires.push(`<path d="M${a[0]},${a[1]} Q${m[0]},${m[1]} ${b[0]},${b[1]}"/>`);
    for (let i = 0; i < span.count; i++) {
      const [px, py] = along((i + 0.5) / span.count, a, m, b);
      const drop = span.size * rng.range(1.2, 2.2);
      wires.push(`<path d="M${n(px)},${n(py)} v${n(drop)}"/>`);
      lanterns.push(
        lantern({
          x: px,
          y: py + drop + span.size * 1.3,
          size: span.size,
          color: at(COLOURS, (i + spanIndex) % COLOURS.length),
        }),
      );
    }
    const bulbs = span.count * 3;
    for (let i = 0; i <= bulbs; i++) {
      const [px, py] = along(i / bulbs, a, m, b);
      lanterns.push(
        `<circle cx="${n(px)}" cy="${n(py + 4)}" r="4" fill="#ffe6a6"/>`,
      );
    }
  });
  return {
    wires: `<g fill="none" stroke="#2b2233" stroke-width="3">${wires.join('')}</g>`,
    lanterns: lanterns.join(''),
  };
}
