/**
 * Generates the original artwork for the Aldmere Coast application form: four
 * flat, layered "travel poster" cover illustrations and the logo. Everything is
 * drawn procedurally here as SVG (no third-party assets) and rasterised with
 * sharp into config/images, together with config/images/artwork.json.
 *
 *   npx tsx scripts/gen-artwork.ts [--out DIR] [--svg]
 *
 * Deterministic: all variation comes from a seeded PRNG, so re-running the
 * script reproduces the same images byte for byte (for a given sharp build).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const DEFAULT_OUTPUT_DIR = fileURLToPath(
  new URL('../config/images/', import.meta.url),
);
const PUBLIC_PREFIX = '/images';
const W = 1200;
const H = 1500;
const WIDTHS = [480, 800, 1200] as const;
const AVIF_OPTIONS = { quality: 50, effort: 4 } as const;
const WEBP_OPTIONS = { quality: 72, effort: 6 } as const;

// ---------------------------------------------------------------------------
// Utilities

type Pt = readonly [number, number];

/** mulberry32: tiny, fast and good enough for artwork jitter. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }
  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.next() * items.length));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} out of range`);
  return item;
}

/** Compact number formatting for path data. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function pts(points: readonly Pt[]): string {
  return points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
}

function hexToRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Linear blend of two #rrggbb colours. */
function mix(a: string, b: string, t: number): string {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  const out = ca.map((c, i) => Math.round(c + (at(cb, i) - c) * t));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

type Stop = readonly [offset: number, color: string, opacity?: number];

function stops(list: readonly Stop[]): string {
  return list
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
    )
    .join('');
}

function linear(
  id: string,
  list: readonly Stop[],
  x1 = 0,
  y1 = 0,
  x2 = 0,
  y2 = 1,
): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

/** Vertical gradient in user space, for shapes whose box differs from the band. */
function linearY(
  id: string,
  list: readonly Stop[],
  y1: number,
  y2: number,
): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="${y1}" x2="0" y2="${y2}">${stops(list)}</linearGradient>`;
}

function radial(
  id: string,
  list: readonly Stop[],
  cx: number,
  cy: number,
  r: number,
): string {
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;
}

/** Midpoint displacement between successive key points. */
function ridge(
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

/** Smooth Catmull-Rom curve through points, as path commands after an M. */
function smooth(points: readonly Pt[], tension = 1): string {
  const first = at(points, 0);
  let d = `M${n(first[0])},${n(first[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? at(points, i);
    const p1 = at(points, i);
    const p2 = at(points, i + 1);
    const p3 = points[i + 2] ?? p2;
    const k = tension / 6;
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += `C${n(c1[0])},${n(c1[1])} ${n(c2[0])},${n(c2[1])} ${n(p2[0])},${n(p2[1])}`;
  }
  return d;
}

/** Closed silhouette: a ridge line down to a floor y. */
function silhouette(
  line: readonly Pt[],
  floor: number,
  curved = false,
): string {
  const first = at(line, 0);
  const last = at(line, line.length - 1);
  const top = curved ? smooth(line) : `M${pts(line).replace(/ /g, ' L')}`;
  return `${top} L${n(last[0])},${n(floor)} L${n(first[0])},${n(floor)} Z`;
}

/** Flat poster cloud: a pill with a few bumps on top. */
function cloud(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  opacity = 1,
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

/**
 * Shadow planes for the main summits given as key points: each covers the
 * right-hand flank from the summit to the next key valley, bounded on the left
 * by a slightly wandering "spine" that runs from the summit down to the floor.
 */
function keyFacets(
  rng: Rng,
  line: readonly Pt[],
  keys: readonly Pt[],
  floor: number,
  fill: string,
  opacity: number,
  lean = 0.22,
): string {
  const shapes: string[] = [];
  for (let k = 1; k < keys.length - 1; k++) {
    const peak = at(keys, k);
    const valley = at(keys, k + 1);
    if (!(peak[1] < at(keys, k - 1)[1] && peak[1] < valley[1])) continue;
    const flank = line.filter(([x]) => x >= peak[0] && x <= valley[0]);
    const spine: Pt[] = [];
    const steps = 6;
    for (let i = steps; i >= 1; i--) {
      const t = i / steps;
      const jitter = i === steps ? 0 : rng.range(-10, 10);
      spine.push([
        peak[0] + (valley[0] - peak[0]) * lean * t + jitter,
        peak[1] + (floor - peak[1]) * t,
      ]);
    }
    shapes.push(
      `<path d="M${pts([...flank, [peak[0] + (valley[0] - peak[0]) * 0.8, floor], ...spine]).replace(/ /g, ' L')} Z"/>`,
    );
  }
  return `<g fill="${fill}" opacity="${opacity}">${shapes.join('')}</g>`;
}

/** Rounded rock with a lit upper-left cap. */
function boulder(
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
    const a = Math.PI + (i / (count - 1)) * Math.PI; // upper half, left to right
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

function svgDoc(defs: readonly string[], body: readonly string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
}

function birds(
  rng: Rng,
  cx: number,
  cy: number,
  count: number,
  spread: number,
  color: string,
  size = 14,
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

// ---------------------------------------------------------------------------
// Cover 0: the coast at golden hour

function coverCoast(): string {
  const rng = new Rng(0xa1d0);
  const HZ = 880;
  const sun: Pt = [470, 800];
  const lamp: Pt = [958, 392];
  const defs = [
    linear('sky', [
      [0, '#b8646c'],
      [0.3, '#e38a6d'],
      [0.62, '#f6b879'],
      [0.9, '#fbdca4'],
      [1, '#fde8c0'],
    ]),
    radial(
      'glow',
      [
        [0, '#fff6dc', 0.95],
        [0.22, '#ffe7ad', 0.6],
        [1, '#ffd79a', 0],
      ],
      sun[0],
      sun[1],
      520,
    ),
    linearY(
      'sea',
      [
        [0, '#f0c594'],
        [0.04, '#a9bfae'],
        [0.3, '#4f9192'],
        [0.7, '#1f6a73'],
        [1, '#0d4a56'],
      ],
      HZ,
      H,
    ),
    linearY(
      'cliff',
      [
        [0, '#c7826a'],
        [1, '#7b4d58'],
      ],
      640,
      H,
    ),
    linearY(
      'cliffShade',
      [
        [0, '#8a5460'],
        [1, '#4d3148'],
      ],
      640,
      H,
    ),
    linearY(
      'rock',
      [
        [0, '#2e5563'],
        [1, '#112f3b'],
      ],
      1260,
      H,
    ),
    radial(
      'lampGlow',
      [
        [0, '#fff7d6', 0.95],
        [0.3, '#ffe9a8', 0.45],
        [1, '#ffe9a8', 0],
      ],
      lamp[0],
      lamp[1],
      120,
    ),
    `<linearGradient id="beam" gradientUnits="userSpaceOnUse" x1="${lamp[0]}" y1="0" x2="560" y2="0">${stops(
      [
        [0, '#fff6d8', 0.55],
        [1, '#fff6d8', 0],
      ],
    )}</linearGradient>`,
  ];
  const body: string[] = [];
  body.push(`<rect width="${W}" height="${HZ + 2}" fill="url(#sky)"/>`);
  body.push(`<rect width="${W}" height="${HZ + 2}" fill="url(#glow)"/>`);

  // Clouds: two tones, lit from below by the low sun.
  body.push(cloud(rng, -60, 210, 420, 46, '#f2a988', 0.7));
  body.push(cloud(rng, 40, 236, 300, 34, '#fbd2ac', 0.85));
  body.push(cloud(rng, 700, 150, 380, 44, '#f2a988', 0.6));
  body.push(cloud(rng, 780, 176, 260, 30, '#fbd2ac', 0.8));
  body.push(cloud(rng, 240, 520, 330, 30, '#fde3bd', 0.75));
  body.push(cloud(rng, 620, 600, 220, 22, '#fde3bd', 0.6));

  // Sun, setting into the sea.
  body.push(`<circle cx="${sun[0]}" cy="${sun[1]}" r="104" fill="#fff1cf"/>`);
  body.push(`<circle cx="${sun[0]}" cy="${sun[1]}" r="86" fill="#fff8e6"/>`);

  // Distant headlands on the left horizon.
  const far1 = ridge(
    rng,
    [
      [-20, HZ],
      [60, 846],
      [180, 832],
      [300, 852],
      [380, HZ - 6],
      [420, HZ],
    ],
    8,
    4,
  );
  body.push(`<path d="${silhouette(far1, HZ + 2, true)}" fill="#d9a08a"/>`);
  const far2 = ridge(
    rng,
    [
      [-20, 850],
      [90, 862],
      [200, HZ - 4],
      [250, HZ],
    ],
    6,
    3,
  );
  body.push(`<path d="${silhouette(far2, HZ + 2, true)}" fill="#c58882"/>`);

  // Sea with sun glitter and swell lines.
  body.push(
    `<rect y="${HZ}" width="${W}" height="${H - HZ}" fill="url(#sea)"/>`,
  );
  const glitter: string[] = [];
  for (let i = 0; i < 30; i++) {
    const t = i / 29;
    const y = HZ + 6 + Math.pow(t, 1.5) * 470;
    const w = (30 + t * 150) * rng.range(0.5, 1.2);
    const x = sun[0] + rng.range(-30, 30) * (0.4 + t) - w / 2;
    const h = 3 + t * 5;
    glitter.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 2)}" opacity="${n((1 - t) * 0.8 + 0.1)}"/>`,
    );
  }
  body.push(`<g fill="#ffe6b3">${glitter.join('')}</g>`);
  const swell: string[] = [];
  for (let i = 0; i < 46; i++) {
    const t = rng.next();
    const y = HZ + 20 + Math.pow(t, 1.4) * 560;
    const len = 30 + t * 120;
    const x = rng.range(-40, W);
    if (Math.abs(x + len / 2 - sun[0]) < 90 + t * 100) continue;
    swell.push(
      `<path d="M${n(x)},${n(y)} q${n(len / 2)},${n(-4 - t * 6)} ${n(len)},0" stroke-width="${n(1.5 + t * 3)}"/>`,
    );
  }
  body.push(
    `<g fill="none" stroke="#cfe6dc" stroke-linecap="round" opacity="0.32">${swell.join('')}</g>`,
  );

  // Sea stack in the middle distance.
  body.push(
    `<path d="M640,${HZ + 34} L648,842 Q652,826 664,824 L684,828 Q694,836 694,852 L700,${HZ + 34} Z" fill="#8e5d66"/>`,
  );
  body.push(
    `<path d="M680,828 Q694,836 694,852 L700,${HZ + 34} L682,${HZ + 34} Z" fill="#6f4658" opacity="0.8"/>`,
  );
  body.push(
    `<path d="M632,${HZ + 34} q30,-6 76,0" stroke="#fbe3c4" stroke-width="4" fill="none" stroke-linecap="round" opacity="0.75"/>`,
  );

  // Main cliff: a sunlit slope facing the sun and a shadowed face toward us.
  const cliffTop = ridge(
    rng,
    [
      [540, H],
      [566, 1370],
      [604, 1262],
      [640, 1196],
      [676, 1104],
      [712, 1046],
      [760, 968],
      [792, 888],
      [836, 826],
      [866, 748],
      [904, 700],
      [960, 678],
      [1080, 668],
      [1220, 656],
    ],
    9,
    4,
    0.5,
  );
  const cliffD = silhouette(cliffTop, H);
  body.push(`<clipPath id="cliffClip"><path d="${cliffD}"/></clipPath>`);
  body.push(`<path d="${cliffD}" fill="url(#cliff)"/>`);
  // The edge between the two faces runs top to bottom, so build it with the
  // coordinates swapped (ridge() displaces the second one) and swap back.
  const edge = ridge(
    rng,
    [
      [698, 906],
      [900, 880],
      [1120, 846],
      [1320, 826],
      [H + 10, 806],
    ],
    16,
    4,
    0.55,
  ).map(([y, x]): Pt => [x, y]);
  const faceD = `M${pts(edge).replace(/ /g, ' L')} L${W + 10},${H + 10} L${W + 10},650 Z`;
  const ledges: string[] = [];
  for (let i = 0; i < 9; i++) {
    const y = 800 + i * 84 + rng.range(-16, 16);
    ledges.push(
      `<path d="M520,${n(y + 40)} L${n(860 - i * 8)},${n(y)} L${W},${n(y - 6 + rng.range(-8, 8))}" stroke-width="${n(rng.range(4, 8))}"/>`,
    );
  }
  // Broad vertical rock columns on the shadowed face.
  const columns: string[] = [];
  for (let i = 0; i < 4; i++) {
    const x0 = 950 + i * 66 + rng.range(-10, 10);
    const w0 = rng.range(22, 34);
    const leftEdge = ridge(
      rng,
      [
        [690, x0],
        [H + 10, x0 - rng.range(20, 50)],
      ],
      10,
      3,
    ).map(([y, x]): Pt => [x, y]);
    const rightEdge = leftEdge
      .map(([x, y]): Pt => [x + w0 + ((y - 690) / (H - 690)) * 16, y])
      .reverse();
    columns.push(`<polygon points="${pts([...leftEdge, ...rightEdge])}"/>`);
  }
  body.push(
    `<g clip-path="url(#cliffClip)"><g fill="none" stroke="#a8625f" opacity="0.35">${ledges.join('')}</g><path d="${faceD}" fill="url(#cliffShade)"/><g fill="none" stroke="#3f2940" opacity="0.22">${ledges.join('')}</g><g fill="#3a243b" opacity="0.14">${columns.join('')}</g></g>`,
  );
  const grass = cliffTop.filter(([x]) => x >= 800);
  const grassUnder = [...grass]
    .reverse()
    .map(([x, y]): Pt => [
      x,
      y + 14 + Math.max(0, 920 - x) * 0.12 + rng.range(0, 8),
    ]);
  body.push(
    `<path d="M${pts([...grass, ...grassUnder]).replace(/ /g, ' L')} Z" fill="#5f7f4c"/>`,
  );
  const grassLitUnder = [...grass].reverse().map(([x, y]): Pt => [x, y + 7]);
  body.push(
    `<path d="M${pts([...grass, ...grassLitUnder]).replace(/ /g, ' L')} Z" fill="#8aa35b"/>`,
  );
  // Foam where the cliff meets the sea.
  body.push(
    `<path d="M506,1420 q30,-12 62,-2 M560,1300 q24,-8 48,0 M610,1190 q20,-8 40,2 M660,1110 q18,-6 34,0" fill="none" stroke="#e9f3ea" stroke-width="5" stroke-linecap="round" opacity="0.55"/>`,
  );
  // Lighthouse, keeper's cottage and beam.
  const base = 672;
  const top = 430;
  const [lx] = lamp;
  body.push(
    `<polygon points="${pts([
      [lx, lamp[1]],
      [560, 300],
      [560, 470],
    ])}" fill="url(#beam)"/>`,
  );
  body.push(
    `<circle cx="${lx}" cy="${lamp[1]}" r="120" fill="url(#lampGlow)"/>`,
  );
  const tower: Pt[] = [
    [lx - 34, base],
    [lx - 23, top],
    [lx + 23, top],
    [lx + 34, base],
  ];
  body.push(
    `<clipPath id="towerClip"><polygon points="${pts(tower)}"/></clipPath>`,
  );
  body.push(`<polygon points="${pts(tower)}" fill="#fbf3e6"/>`);
  body.push(
    `<g clip-path="url(#towerClip)"><rect x="${lx - 40}" y="${n(base - 0.3 * (base - top))}" width="80" height="${n(0.18 * (base - top))}" fill="#c8473c"/><rect x="${lx - 40}" y="${n(base - 0.72 * (base - top))}" width="80" height="${n(0.18 * (base - top))}" fill="#c8473c"/><rect x="${lx + 4}" y="${top}" width="40" height="${base - top}" fill="#5b3149" opacity="0.16"/></g>`,
  );
  body.push(
    `<rect x="${lx - 7}" y="${base - 38}" width="14" height="26" rx="7" fill="#3b3340"/>`,
  );
  body.push(
    `<rect x="${lx - 32}" y="${top - 10}" width="64" height="10" rx="2" fill="#343845"/>`,
  );
  body.push(
    `<g stroke="#343845" stroke-width="2.5"><path d="M${lx - 28},${top - 10} v-12 h56 v12"/></g>`,
  );
  body.push(
    `<rect x="${lx - 19}" y="${top - 48}" width="38" height="38" fill="#ffe28e"/>`,
  );
  body.push(
    `<g stroke="#343845" stroke-width="3"><path d="M${lx - 6},${top - 48} v38 M${lx + 7},${top - 48} v38"/></g>`,
  );
  body.push(
    `<path d="M${lx - 25},${top - 46} Q${lx},${top - 82} ${lx + 25},${top - 46} Z" fill="#c8473c"/>`,
  );
  body.push(
    `<rect x="${lx - 2}" y="${top - 92}" width="4" height="14" fill="#343845"/>`,
  );
  // Cottage
  const cx = 1040;
  body.push(
    `<rect x="${cx}" y="${base - 50}" width="100" height="52" fill="#f4ead9"/>`,
  );
  body.push(
    `<rect x="${cx + 70}" y="${base - 50}" width="30" height="52" fill="#5b3149" opacity="0.14"/>`,
  );
  body.push(
    `<polygon points="${pts([
      [cx - 8, base - 48],
      [cx + 20, base - 78],
      [cx + 90, base - 78],
      [cx + 108, base - 48],
    ])}" fill="#b5483e"/>`,
  );
  body.push(
    `<rect x="${cx + 78}" y="${base - 92}" width="12" height="20" fill="#8a3a34"/>`,
  );
  body.push(
    `<g fill="#ffd98a"><rect x="${cx + 14}" y="${base - 36}" width="14" height="16"/><rect x="${cx + 48}" y="${base - 36}" width="14" height="16"/></g>`,
  );

  // Foreground boulders lower left, with foam, and a near headland lower right.
  body.push(
    `<path d="M160,1392 q50,-16 100,0 q40,12 80,0 M60,1310 q40,-12 80,0" fill="none" stroke="#e9f3ea" stroke-width="6" stroke-linecap="round" opacity="0.45"/>`,
  );
  body.push(boulder(rng, 60, 1420, 190, 130, '#1c3d49', '#2f5d66'));
  body.push(boulder(rng, 300, 1480, 150, 80, '#173540', '#2a525c'));
  body.push(boulder(rng, 150, 1500, 130, 56, '#122d37', '#224853'));
  const near = ridge(
    rng,
    [
      [760, H + 4],
      [820, 1430],
      [900, 1380],
      [1000, 1350],
      [1100, 1300],
      [1220, 1280],
    ],
    8,
    4,
  );
  body.push(`<path d="${silhouette(near, H + 4, true)}" fill="#41283f"/>`);
  const nearLit = near.map(([x, y]): Pt => [x, y]);
  const nearLitUnder = [...near].reverse().map(([x, y]): Pt => [x + 6, y + 10]);
  body.push(
    `<path d="M${pts([...nearLit, ...nearLitUnder]).replace(/ /g, ' L')} Z" fill="#6d4256"/>`,
  );
  body.push(birds(rng, 330, 430, 4, 80, '#7b4a58', 16));
  body.push(birds(rng, 640, 380, 2, 30, '#7b4a58', 11));
  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// Cover 1: hillside old town

const FACADES = [
  '#f2c46d',
  '#f4a66a',
  '#e9826a',
  '#f3d6ad',
  '#9fc08f',
  '#86bfc4',
  '#f7ead2',
  '#e09a84',
  '#c99ab0',
  '#f6b98b',
];
const ROOFS = ['#b4513c', '#c4633f', '#9e4635', '#c97a4a'];

function house(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  haze: number,
  hazeColor: string,
  detail: 'low' | 'mid' | 'high',
): string {
  const c = (col: string) => mix(col, hazeColor, haze);
  const facade = rng.pick(FACADES);
  const roof = rng.pick(ROOFS);
  const out: string[] = [];
  const side = w * 0.2;
  const gable = rng.chance(0.45);
  const roofH = gable ? w * 0.42 : w * 0.22;
  const fy = y - h; // facade top
  out.push(
    `<rect x="${n(x)}" y="${n(fy)}" width="${n(w)}" height="${n(h + 4)}" fill="${c(facade)}"/>`,
  );
  out.push(
    `<rect x="${n(x + w - side)}" y="${n(fy)}" width="${n(side)}" height="${n(h + 4)}" fill="${c(mix(facade, '#5a3b4a', 0.28))}"/>`,
  );
  if (gable) {
    out.push(
      `<polygon points="${pts([
        [x - w * 0.06, fy + 2],
        [x + w * 0.5, fy - roofH],
        [x + w * 1.06, fy + 2],
      ])}" fill="${c(roof)}"/>`,
    );
    out.push(
      `<polygon points="${pts([
        [x + w * 0.5, fy - roofH],
        [x + w * 1.06, fy + 2],
        [x + w * 0.78, fy + 2],
      ])}" fill="${c(mix(roof, '#3a2230', 0.25))}"/>`,
    );
  } else {
    out.push(
      `<polygon points="${pts([
        [x - w * 0.05, fy + 2],
        [x + w * 0.12, fy - roofH],
        [x + w * 0.88, fy - roofH],
        [x + w * 1.05, fy + 2],
      ])}" fill="${c(roof)}"/>`,
    );
    out.push(
      `<polygon points="${pts([
        [x + w * 0.88, fy - roofH],
        [x + w * 1.05, fy + 2],
        [x + w * 0.84, fy + 2],
      ])}" fill="${c(mix(roof, '#3a2230', 0.25))}"/>`,
    );
  }
  out.push(
    `<rect x="${n(x - w * 0.05)}" y="${n(fy)}" width="${n(w * 1.1)}" height="${n(Math.max(2, w * 0.03))}" fill="${c('#5a3b40')}" opacity="0.35"/>`,
  );
  if (rng.chance(0.3) && detail !== 'low') {
    // Chimney
    const chx = x + w * rng.range(0.2, 0.6);
    out.push(
      `<rect x="${n(chx)}" y="${n(fy - roofH * 0.9 - w * 0.08)}" width="${n(w * 0.09)}" height="${n(w * 0.18)}" fill="${c(mix(facade, '#5a3b4a', 0.2))}"/>`,
    );
  }
  // Windows
  const face = w - side;
  const cols = Math.max(1, Math.round(face / (detail === 'low' ? 26 : 44)));
  const rows = Math.max(
    1,
    Math.floor((h - 10) / (detail === 'low' ? 26 : w * 0.42)),
  );
  const ww = Math.min((face / cols) * 0.38, 28);
  const wh = ww * 1.5;
  const shutter = rng.pick([
    '#2f7b78',
    '#3d6f97',
    '#6f8f4a',
    '#8a4a3e',
    '#f3ead7',
  ]);
  const win = c(mix('#3b2f45', hazeColor, 0.1));
  const wins: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const wx = x + (face / cols) * (k + 0.5) - ww / 2;
      const wy = fy + 10 + r * (h / rows) + (h / rows - wh) * 0.35;
      if (wy + wh > y - 2) continue;
      if (
        detail === 'high' &&
        r === rows - 1 &&
        k === Math.floor(cols / 2) &&
        rng.chance(0.7)
      ) {
        // Door
        const dh = Math.min(h * 0.45, ww * 2.6);
        out.push(
          `<rect x="${n(wx - ww * 0.15)}" y="${n(y - dh)}" width="${n(ww * 1.3)}" height="${n(dh + 4)}" rx="${n(ww * 0.65)}" fill="${c(mix(shutter, '#2b2030', 0.35))}"/>`,
        );
        continue;
      }
      if (detail !== 'low' && rng.chance(0.55)) {
        wins.push(
          `<rect x="${n(wx - ww * 0.42)}" y="${n(wy)}" width="${n(ww * 0.36)}" height="${n(wh)}" fill="${c(shutter)}"/>`,
        );
        wins.push(
          `<rect x="${n(wx + ww * 1.06)}" y="${n(wy)}" width="${n(ww * 0.36)}" height="${n(wh)}" fill="${c(shutter)}"/>`,
        );
      }
      const arched = detail !== 'low' && rng.chance(0.3);
      wins.push(
        `<rect x="${n(wx)}" y="${n(wy)}" width="${n(ww)}" height="${n(wh)}" rx="${arched ? n(ww / 2) : n(ww * 0.08)}" fill="${win}"/>`,
      );
      if (detail === 'high' && rng.chance(0.35)) {
        // Flower box
        wins.push(
          `<rect x="${n(wx - 2)}" y="${n(wy + wh)}" width="${n(ww + 4)}" height="${n(ww * 0.28)}" fill="${c('#8a4a3e')}"/>`,
        );
        for (let f = 0; f < 4; f++) {
          wins.push(
            `<circle cx="${n(wx + (ww * (f + 0.5)) / 4)}" cy="${n(wy + wh - 1)}" r="${n(ww * 0.16)}" fill="${c(rng.pick(['#e2466f', '#f05d5e', '#f7a1c4']))}"/>`,
          );
        }
      }
    }
  }
  out.push(...wins);
  return out.join('');
}

function cypress(
  x: number,
  base: number,
  h: number,
  w: number,
  fill: string,
  shade: string,
): string {
  const d = `M${n(x)},${n(base - h)} C${n(x + w * 0.55)},${n(base - h * 0.75)} ${n(x + w * 0.62)},${n(base - h * 0.2)} ${n(x + w * 0.2)},${n(base)} L${n(x - w * 0.2)},${n(base)} C${n(x - w * 0.62)},${n(base - h * 0.2)} ${n(x - w * 0.55)},${n(base - h * 0.75)} ${n(x)},${n(base - h)} Z`;
  const s = `M${n(x)},${n(base - h)} C${n(x + w * 0.55)},${n(base - h * 0.75)} ${n(x + w * 0.62)},${n(base - h * 0.2)} ${n(x + w * 0.2)},${n(base)} L${n(x + w * 0.05)},${n(base)} C${n(x + w * 0.25)},${n(base - h * 0.3)} ${n(x + w * 0.2)},${n(base - h * 0.7)} ${n(x)},${n(base - h)} Z`;
  return `<path d="${d}" fill="${fill}"/><path d="${s}" fill="${shade}"/>`;
}

function roundTree(
  rng: Rng,
  x: number,
  base: number,
  r: number,
  fill: string,
  shade: string,
): string {
  const parts = [
    `<rect x="${n(x - r * 0.08)}" y="${n(base - r)}" width="${n(r * 0.16)}" height="${n(r)}" fill="#6b4b3e"/>`,
  ];
  parts.push(
    `<circle cx="${n(x)}" cy="${n(base - r * 1.3)}" r="${n(r)}" fill="${fill}"/>`,
  );
  parts.push(
    `<circle cx="${n(x - r * 0.55)}" cy="${n(base - r * 1.0)}" r="${n(r * 0.7)}" fill="${fill}"/>`,
  );
  parts.push(
    `<circle cx="${n(x + r * 0.6)}" cy="${n(base - r * 1.05)}" r="${n(r * rng.range(0.6, 0.75))}" fill="${shade}"/>`,
  );
  return parts.join('');
}

function coverOldTown(): string {
  const rng = new Rng(0x01d7);
  const haze = '#eaf1ea';
  const CX = 600;
  const defs = [
    linear('sky', [
      [0, '#7fbfd8'],
      [0.45, '#bfe0e4'],
      [0.8, '#f6ecd6'],
      [1, '#fbe6c6'],
    ]),
    radial(
      'glow',
      [
        [0, '#fffaf0', 0.95],
        [0.3, '#fff3d8', 0.45],
        [1, '#fff3d8', 0],
      ],
      930,
      230,
      380,
    ),
    linearY(
      'hill',
      [
        [0, '#d5c097'],
        [1, '#a98c6c'],
      ],
      520,
      H,
    ),
    linearY(
      'sea',
      [
        [0, '#9fcfd0'],
        [1, '#5fa9b0'],
      ],
      700,
      800,
    ),
    linearY(
      'wall',
      [
        [0, '#eedcbc'],
        [1, '#d6bd97'],
      ],
      1400,
      H,
    ),
  ];
  const body: string[] = [];
  body.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
  body.push(`<rect width="${W}" height="800" fill="url(#glow)"/>`);
  body.push(`<circle cx="930" cy="230" r="62" fill="#fff8e8"/>`);
  body.push(cloud(rng, 90, 170, 300, 40, '#ffffff', 0.75));
  body.push(cloud(rng, 170, 196, 200, 26, '#ffffff', 0.9));
  body.push(cloud(rng, 680, 360, 260, 30, '#ffffff', 0.7));
  body.push(birds(rng, 330, 330, 3, 60, '#5b7d8a', 13));

  // Sea band and far hills.
  body.push(`<rect y="700" width="${W}" height="120" fill="url(#sea)"/>`);
  body.push(
    `<path d="M0,748 h1200" stroke="#d9eeea" stroke-width="3" opacity="0.5"/>`,
  );
  const farHill = ridge(
    rng,
    [
      [-20, 690],
      [140, 640],
      [320, 672],
      [480, 700],
    ],
    10,
    4,
  );
  body.push(`<path d="${silhouette(farHill, 704, true)}" fill="#a7c7c0"/>`);
  const farHill2 = ridge(
    rng,
    [
      [760, 704],
      [900, 660],
      [1060, 620],
      [1220, 650],
    ],
    10,
    4,
  );
  body.push(`<path d="${silhouette(farHill2, 704, true)}" fill="#98bdb5"/>`);

  // The town hill.
  const hw = (y: number) => 170 + (y - 560) * 0.95;
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let y = 580; y <= H + 40; y += 40) {
    left.push([CX - hw(y), y]);
    right.push([CX + hw(y), y]);
  }
  const hillLine: Pt[] = [
    ...left.reverse(),
    [CX - 90, 532],
    [CX + 60, 526],
    ...right,
  ];
  body.push(`<path d="${smooth(hillLine)} Z" fill="#9fbf83"/>`);
  const hillInner: Pt[] = hillLine.map(([x, y]): Pt => [
    CX + (x - CX) * 0.86,
    y + 24,
  ]);
  body.push(`<path d="${smooth(hillInner)} Z" fill="url(#hill)"/>`);

  // Church on the summit, behind the first row of houses.
  const tx = CX - 70;
  const tb = 620;
  const church: string[] = [];
  church.push(
    `<rect x="${tx + 40}" y="${tb - 92}" width="150" height="100" fill="${mix('#f5e6cb', haze, 0.15)}"/>`,
  );
  church.push(
    `<rect x="${tx + 150}" y="${tb - 92}" width="40" height="100" fill="${mix('#d9c2a2', haze, 0.15)}"/>`,
  );
  church.push(
    `<polygon points="${pts([
      [tx + 34, tb - 90],
      [tx + 60, tb - 130],
      [tx + 180, tb - 130],
      [tx + 196, tb - 90],
    ])}" fill="${mix('#b4513c', haze, 0.15)}"/>`,
  );
  church.push(
    `<rect x="${tx + 80}" y="${tb - 74}" width="22" height="40" rx="11" fill="#5a4656"/>`,
  );
  church.push(
    `<rect x="${tx + 118}" y="${tb - 74}" width="22" height="40" rx="11" fill="#5a4656"/>`,
  );
  // Tower
  church.push(
    `<rect x="${tx - 30}" y="${tb - 300}" width="72" height="310" fill="#f7ead3"/>`,
  );
  church.push(
    `<rect x="${tx + 22}" y="${tb - 300}" width="20" height="310" fill="#dcc6a6"/>`,
  );
  church.push(
    `<rect x="${tx - 36}" y="${tb - 306}" width="84" height="10" fill="#e3cfb0"/>`,
  );
  church.push(
    `<rect x="${tx - 36}" y="${tb - 190}" width="84" height="8" fill="#e3cfb0"/>`,
  );
  church.push(
    `<rect x="${tx - 14}" y="${tb - 280}" width="34" height="62" rx="17" fill="#4d3b4b"/>`,
  );
  church.push(`<circle cx="${tx + 3}" cy="${tb - 236}" r="9" fill="#c9973e"/>`);
  church.push(
    `<circle cx="${tx + 6}" cy="${tb - 150}" r="16" fill="#fbf3e4" stroke="#c9a77a" stroke-width="4"/>`,
  );
  church.push(
    `<path d="M${tx + 6},${tb - 160} v10 l6,4" stroke="#6a5560" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  );
  // Octagonal drum and dome
  church.push(
    `<rect x="${tx - 22}" y="${tb - 340}" width="56" height="36" fill="#f4e3c6"/>`,
  );
  church.push(
    `<rect x="${tx + 18}" y="${tb - 340}" width="16" height="36" fill="#dcc6a6"/>`,
  );
  church.push(
    `<path d="M${tx - 28},${tb - 338} Q${tx - 26},${tb - 400} ${tx + 6},${tb - 414} Q${tx + 38},${tb - 400} ${tx + 40},${tb - 338} Z" fill="#c4633f"/>`,
  );
  church.push(
    `<path d="M${tx + 6},${tb - 414} Q${tx + 38},${tb - 400} ${tx + 40},${tb - 338} L${tx + 18},${tb - 338} Q${tx + 20},${tb - 390} ${tx + 6},${tb - 414} Z" fill="#9e4635"/>`,
  );
  church.push(
    `<path d="M${tx + 6},${tb - 414} v-30 M${tx - 4},${tb - 432} h20" stroke="#6a5560" stroke-width="4" stroke-linecap="round"/>`,
  );
  body.push(church.join(''));

  // Rows of houses, back to front, hazier in the distance.
  const rows = [
    { y: 650, h: [52, 70], w: [46, 62] },
    { y: 730, h: [68, 88], w: [56, 76] },
    { y: 820, h: [84, 106], w: [70, 92] },
    { y: 920, h: [100, 128], w: [86, 112] },
    { y: 1040, h: [122, 152], w: [104, 136] },
    { y: 1180, h: [146, 180], w: [124, 160] },
    { y: 1340, h: [176, 214], w: [150, 192] },
  ] as const;
  rows.forEach((row, ri) => {
    const hazeAmount = 0.32 * (1 - ri / (rows.length - 1));
    const detail = ri < 2 ? 'low' : ri < 4 ? 'mid' : 'high';
    const half = hw(row.y) - 20;
    const xmin = CX - half;
    const xmax = CX + half;
    const parts: string[] = [];
    // Greenery at the row ends on the slope.
    if (ri < 5) {
      for (const side of [-1, 1]) {
        const ex = side < 0 ? xmin - 10 : xmax + 10;
        for (let k = 0; k < 3; k++) {
          const tx2 = ex + side * (k * (18 + ri * 10)) + rng.range(-6, 6);
          if (tx2 < -40 || tx2 > W + 40) continue;
          if (rng.chance(0.5)) {
            const th = 60 + ri * 30;
            parts.push(
              cypress(
                tx2,
                row.y + 6,
                th * rng.range(0.8, 1.1),
                th * 0.22,
                mix('#3f7456', haze, hazeAmount),
                mix('#2e5b45', haze, hazeAmount),
              ),
            );
          } else {
            parts.push(
              roundTree(
                rng,
                tx2,
                row.y + 6,
                14 + ri * 7,
                mix('#6d9a5a', haze, hazeAmount),
                mix('#557f48', haze, hazeAmount),
              ),
            );
          }
        }
      }
    }
    let x = xmin + rng.range(-20, 10);
    while (x < xmax) {
      const w = rng.range(row.w[0], row.w[1]);
      const h = rng.range(row.h[0], row.h[1]);
      const skip = ri === 0 && x + w > tx - 40 && x < tx + 200;
      if (!skip)
        parts.push(house(rng, x, row.y, w, h, hazeAmount, haze, detail));
      x += w + rng.range(-2, 6);
    }
    body.push(parts.join(''));
  });

  // Foreground terrace wall with flowers, and framing cypresses.
  body.push(cypress(64, H, 960, 126, '#2f5d49', '#244a3b'));
  body.push(cypress(176, H, 700, 100, '#3a6b52', '#2c5643'));
  body.push(cypress(1130, H, 840, 120, '#2f5d49', '#244a3b'));
  body.push(
    `<rect y="1404" width="${W}" height="${H - 1404}" fill="url(#wall)"/>`,
  );
  body.push(`<rect y="1392" width="${W}" height="18" fill="#f6ead3"/>`);
  body.push(
    `<rect y="1410" width="${W}" height="6" fill="#b99a74" opacity="0.5"/>`,
  );
  const blocks: string[] = [];
  for (let r = 0; r < 3; r++) {
    const y = 1416 + r * 30;
    for (let x = (r % 2) * -45; x < W; x += 90)
      blocks.push(`<path d="M${x},${y} v30"/>`);
    blocks.push(`<path d="M0,${y + 30} h${W}"/>`);
  }
  body.push(
    `<g stroke="#c2a27c" stroke-width="2" opacity="0.7">${blocks.join('')}</g>`,
  );
  const pots: string[] = [];
  for (const px of [300, 560, 820]) {
    pots.push(
      `<polygon points="${pts([
        [px - 20, 1350],
        [px + 20, 1350],
        [px + 26, 1392],
        [px - 26, 1392],
      ])}" fill="#c4633f"/>`,
    );
    pots.push(
      `<rect x="${px - 28}" y="1344" width="56" height="10" fill="#a9503a"/>`,
    );
    pots.push(`<circle cx="${px}" cy="1322" r="28" fill="#4f7f46"/>`);
    pots.push(`<circle cx="${px - 22}" cy="1334" r="18" fill="#5d8f50"/>`);
    pots.push(`<circle cx="${px + 22}" cy="1336" r="18" fill="#44703e"/>`);
    for (let k = 0; k < 9; k++) {
      pots.push(
        `<circle cx="${n(px + rng.range(-34, 34))}" cy="${n(1326 + rng.range(-24, 14))}" r="${n(rng.range(5, 8))}" fill="${rng.pick(['#e2466f', '#f05d5e', '#f58bb4'])}"/>`,
      );
    }
  }
  body.push(pots.join(''));
  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// Cover 2: mountains, lake and pines

function pine(
  x: number,
  base: number,
  h: number,
  w: number,
  fill: string,
  shade: string,
  trunk = true,
): string {
  const tiers = Math.max(5, Math.round(h / (w * 0.3)));
  const topY = base - h;
  const foot = base - (trunk ? h * 0.06 : 0);
  const left: Pt[] = [[x, topY]];
  for (let i = 1; i <= tiers; i++) {
    const t = i / tiers;
    const y = topY + (foot - topY) * t;
    const half = (w / 2) * (0.16 + 0.84 * Math.pow(t, 0.9));
    const step = (foot - topY) / tiers;
    // Branch tip, then tuck back in toward the trunk for the next tier.
    left.push([x - half, y], [x - half * 0.62, y - step * 0.35]);
  }
  left.pop();
  const mirrored = left.map(([px, py]): Pt => [2 * x - px, py]);
  const outline = [...left, ...mirrored.slice(1).reverse()];
  const shadeOutline: Pt[] = [
    ...mirrored,
    [x + w * 0.05, foot],
    [x + w * 0.02, topY + h * 0.15],
  ];
  const trunkSvg = trunk
    ? `<rect x="${n(x - w * 0.035)}" y="${n(foot - h * 0.02)}" width="${n(w * 0.07)}" height="${n(base - foot + h * 0.02)}" fill="#3b2b2c"/>`
    : '';
  return `${trunkSvg}<polygon points="${pts(outline)}" fill="${fill}"/><polygon points="${pts(shadeOutline)}" fill="${shade}"/>`;
}

function coverMountains(): string {
  const rng = new Rng(0x3a7e);
  const LAKE = 830;
  const defs = [
    linear('sky', [
      [0, '#6f93c4'],
      [0.35, '#a7b9dc'],
      [0.7, '#f1c9bd'],
      [1, '#fbe1c6'],
    ]),
    radial(
      'glow',
      [
        [0, '#fff6e4', 0.95],
        [0.25, '#ffe9cf', 0.5],
        [1, '#ffe4c8', 0],
      ],
      790,
      500,
      440,
    ),
    linearY(
      'lake',
      [
        [0, '#f3d6c6'],
        [0.15, '#b8c6e0'],
        [0.6, '#7895bb'],
        [1, '#476f92'],
      ],
      LAKE,
      1260,
    ),
    linearY(
      'shore',
      [
        [0, '#31584f'],
        [1, '#1b3736'],
      ],
      1180,
      H,
    ),
  ];
  const body: string[] = [];
  body.push(`<rect width="${W}" height="${LAKE + 2}" fill="url(#sky)"/>`);
  body.push(`<rect width="${W}" height="${LAKE + 2}" fill="url(#glow)"/>`);
  body.push(`<circle cx="790" cy="500" r="70" fill="#fff5e6"/>`);
  body.push(cloud(rng, 60, 250, 340, 36, '#f9e3dc', 0.7));
  body.push(cloud(rng, 780, 190, 300, 30, '#f9e3dc', 0.6));
  body.push(cloud(rng, 870, 214, 200, 22, '#ffffff', 0.55));

  // Mountain ranges (drawn inside a group that is mirrored for the lake).
  const range: string[] = [];
  const k1: Pt[] = [
    [-20, 600],
    [120, 470],
    [260, 560],
    [430, 320],
    [560, 520],
    [690, 420],
    [820, 540],
    [980, 330],
    [1120, 500],
    [1220, 440],
  ];
  const r1 = ridge(rng, k1, 30, 5, 0.5);
  const r1d = silhouette(r1, LAKE + 4);
  range.push(`<path d="${r1d}" fill="#aab2d4"/>`);
  const snow = ridge(
    rng,
    [
      [-20, 480],
      [300, 440],
      [600, 486],
      [900, 430],
      [1220, 460],
    ],
    30,
    5,
    0.6,
  );
  range.push(`<clipPath id="r1clip"><path d="${r1d}"/></clipPath>`);
  range.push(
    `<g clip-path="url(#r1clip)"><path d="${silhouette(snow, 0)}" fill="#fbf7f4"/>${keyFacets(rng, r1, k1, LAKE + 4, '#6c76a6', 0.42)}</g>`,
  );
  const k2: Pt[] = [
    [-20, 610],
    [160, 550],
    [330, 650],
    [520, 570],
    [700, 660],
    [880, 580],
    [1060, 650],
    [1220, 570],
  ];
  const r2 = ridge(rng, k2, 20, 5, 0.5);
  range.push(`<path d="${silhouette(r2, LAKE + 4)}" fill="#8390bb"/>`);
  range.push(keyFacets(rng, r2, k2, LAKE + 4, '#56608f', 0.35));
  const k3: Pt[] = [
    [-20, 700],
    [180, 676],
    [380, 730],
    [560, 694],
    [760, 750],
    [960, 696],
    [1220, 724],
  ];
  const r3 = ridge(rng, k3, 14, 5, 0.5);
  range.push(`<path d="${silhouette(r3, LAKE + 4, true)}" fill="#5f7c9c"/>`);
  range.push(keyFacets(rng, r3, k3, LAKE + 4, '#3f5878', 0.3));
  // Forested far shore with a serrated treeline.
  const shore: Pt[] = [];
  for (let x = -20; x <= W + 20; x += 14) {
    const base = 790 + Math.sin(x / 170) * 12 + Math.sin(x / 61) * 5;
    shore.push([x - 7, base], [x, base - rng.range(12, 30)]);
  }
  range.push(
    `<path d="M${pts(shore).replace(/ /g, ' L')} L${W + 20},${LAKE + 4} L-20,${LAKE + 4} Z" fill="#3d6466"/>`,
  );
  body.push(`<g id="range">${range.join('')}</g>`);

  // Lake with reflection.
  body.push(
    `<rect y="${LAKE}" width="${W}" height="${H - LAKE}" fill="url(#lake)"/>`,
  );
  body.push(
    `<clipPath id="lakeClip"><rect y="${LAKE}" width="${W}" height="${H - LAKE}"/></clipPath>`,
  );
  body.push(
    `<g clip-path="url(#lakeClip)" opacity="0.42"><use href="#range" xlink:href="#range" transform="translate(0,${2 * LAKE}) scale(1,-1)"/></g>`,
  );
  body.push(
    `<rect y="${LAKE}" width="${W}" height="${H - LAKE}" fill="url(#lake)" opacity="0.35"/>`,
  );
  const shimmer: string[] = [];
  for (let i = 0; i < 40; i++) {
    const t = rng.next();
    const y = LAKE + 10 + Math.pow(t, 1.3) * 380;
    const len = 40 + t * 180;
    const x = rng.range(-60, W);
    shimmer.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(len)}" height="${n(2 + t * 3)}" rx="2"/>`,
    );
  }
  body.push(`<g fill="#f4e6e4" opacity="0.35">${shimmer.join('')}</g>`);
  // Sun reflection
  const sunRef: string[] = [];
  for (let i = 0; i < 14; i++) {
    const t = i / 13;
    const w = 70 - t * 40 + rng.range(-10, 10);
    sunRef.push(
      `<rect x="${n(790 - w / 2 + rng.range(-8, 8))}" y="${n(LAKE + 8 + i * 14)}" width="${n(w)}" height="4" rx="2" opacity="${n(0.8 - t * 0.6)}"/>`,
    );
  }
  body.push(`<g fill="#fff1dc">${sunRef.join('')}</g>`);

  // Canoe
  const cx = 600;
  const cy = 1040;
  body.push(
    `<path d="M${cx - 80},${cy} Q${cx},${cy + 26} ${cx + 80},${cy} Q${cx},${cy + 10} ${cx - 80},${cy} Z" fill="#c8553d"/>`,
  );
  body.push(
    `<path d="M${cx - 80},${cy + 6} Q${cx},${cy + 40} ${cx + 80},${cy + 6}" stroke="#8a5a6a" stroke-width="3" fill="none" opacity="0.35"/>`,
  );
  body.push(
    `<rect x="${cx - 6}" y="${cy - 32}" width="14" height="26" rx="6" fill="#f2b24c"/>`,
  );
  body.push(`<circle cx="${cx + 1}" cy="${cy - 40}" r="8" fill="#3b3040"/>`);
  body.push(
    `<path d="M${cx - 30},${cy - 40} L${cx + 40},${cy + 14}" stroke="#5b3b34" stroke-width="4" stroke-linecap="round"/>`,
  );
  body.push(
    `<path d="M${cx - 110},${cy + 22} q40,-6 80,0 M${cx + 40},${cy + 24} q40,-6 80,0" stroke="#f4e6e4" stroke-width="3" fill="none" opacity="0.55" stroke-linecap="round"/>`,
  );

  // Foreground shore and framing pines.
  const fg = ridge(
    rng,
    [
      [-20, 1250],
      [200, 1270],
      [420, 1330],
      [700, 1350],
      [900, 1300],
      [1220, 1240],
    ],
    14,
    4,
  );
  body.push(`<path d="${silhouette(fg, H + 2, true)}" fill="url(#shore)"/>`);
  const grassFg: string[] = [];
  for (let i = 0; i < 60; i++) {
    const x = rng.range(0, W);
    const y = 1330 + rng.range(0, 160);
    grassFg.push(
      `<path d="M${n(x)},${n(y)} l-6,-${n(rng.range(14, 26))} M${n(x + 4)},${n(y)} l4,-${n(rng.range(14, 26))}"/>`,
    );
  }
  body.push(
    `<g stroke="#3f6a58" stroke-width="3" stroke-linecap="round" opacity="0.7">${grassFg.join('')}</g>`,
  );
  body.push(boulder(rng, 760, 1410, 96, 56, '#3d5458', '#5b7276'));
  body.push(boulder(rng, 870, 1440, 56, 32, '#33484d', '#4d6569'));
  // Mid-distance pines on the near shore.
  for (const [x, b, h] of [
    [320, 1300, 200],
    [380, 1320, 150],
    [860, 1290, 180],
    [920, 1280, 230],
  ] as const) {
    body.push(pine(x, b, h, h * 0.4, '#35635a', '#2a5049'));
  }
  // Big framing pines.
  for (const [x, b, h] of [
    [60, H + 20, 1100],
    [200, H + 10, 780],
    [1150, H + 20, 1020],
    [1030, H + 20, 640],
  ] as const) {
    body.push(pine(x, b, h, h * 0.34, '#1a3b3f', '#122d31', false));
  }
  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// Cover 3: food market at dusk

type Produce =
  | 'orange'
  | 'lemon'
  | 'tomato'
  | 'apple'
  | 'lime'
  | 'greens'
  | 'aubergine'
  | 'grapes'
  | 'peach';

const PRODUCE_COLOURS: Record<
  Exclude<Produce, 'greens' | 'aubergine' | 'grapes'>,
  readonly [string, string]
> = {
  orange: ['#f18f2c', '#f8b45a'],
  lemon: ['#f2cf3f', '#f9e27c'],
  tomato: ['#d8412f', '#ec6a55'],
  apple: ['#c7363c', '#e8605c'],
  lime: ['#7fae3a', '#a7cc5e'],
  peach: ['#f3a072', '#f9c29a'],
};

function produceMound(
  rng: Rng,
  kind: Produce,
  x: number,
  top: number,
  w: number,
  r: number,
): string {
  const out: string[] = [];
  if (kind === 'greens') {
    const cols = ['#4f8a3c', '#6ea447', '#3e7336', '#86b85a'];
    const count = Math.round(w / (r * 0.8));
    for (let row = 0; row < 3; row++) {
      for (let i = 0; i < count - row; i++) {
        const cx =
          x +
          r * 0.6 +
          row * r * 0.4 +
          ((w - r * 1.2 - row * r * 0.8) * i) / Math.max(1, count - row - 1) +
          rng.range(-r * 0.2, r * 0.2);
        const cy = top - r * 0.2 - row * r * 0.75 - rng.range(0, r * 0.3);
        const a = rng.range(-35, 35);
        const ry = r * rng.range(0.9, 1.2);
        out.push(
          `<g transform="rotate(${n(a)} ${n(cx)} ${n(cy)})"><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r * 0.62)}" ry="${n(ry)}" fill="${rng.pick(cols)}"/><path d="M${n(cx)},${n(cy + ry * 0.9)} L${n(cx)},${n(cy - ry * 0.6)}" stroke="#c4e09a" stroke-width="${n(r * 0.1)}" opacity="0.6"/></g>`,
        );
      }
    }
    return out.join('');
  }
  if (kind === 'aubergine') {
    const count = Math.round(w / (r * 1.1));
    for (let row = 0; row < 3; row++) {
      for (let i = 0; i < count - row; i++) {
        const cx =
          x +
          r * 0.7 +
          row * r * 0.5 +
          ((w - r * 1.4) * i) / Math.max(1, count - 1);
        const cy = top - r * 0.35 - row * r * 0.8;
        const a = rng.range(-40, 40);
        out.push(
          `<g transform="rotate(${n(a)} ${n(cx)} ${n(cy)})"><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r * 0.5)}" ry="${n(r * 0.95)}" fill="#5a2d63"/><ellipse cx="${n(cx - r * 0.15)}" cy="${n(cy - r * 0.1)}" rx="${n(r * 0.12)}" ry="${n(r * 0.45)}" fill="#8a5a93"/><path d="M${n(cx - r * 0.3)},${n(cy - r * 0.8)} L${n(cx)},${n(cy - r * 1.15)} L${n(cx + r * 0.3)},${n(cy - r * 0.8)} Z" fill="#5e8a3a"/></g>`,
        );
      }
    }
    return out.join('');
  }
  if (kind === 'grapes') {
    const bunches = Math.max(1, Math.round(w / (r * 5)));
    for (let b = 0; b < bunches; b++) {
      const bx = x + (w * (b + 0.5)) / bunches;
      const by = top - r * 2.2;
      const col = b % 2 === 0 ? ['#6b3a78', '#8d5a9b'] : ['#8fae4a', '#b4cc6e'];
      for (let row = 0; row < 4; row++) {
        const k = 4 - row;
        for (let i = 0; i < k; i++) {
          const gx = bx + (i - (k - 1) / 2) * r * 0.9;
          const gy = by + row * r * 0.75;
          out.push(
            `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(r * 0.5)}" fill="${at(col, 0)}"/><circle cx="${n(gx - r * 0.14)}" cy="${n(gy - r * 0.14)}" r="${n(r * 0.16)}" fill="${at(col, 1)}"/>`,
          );
        }
      }
    }
    return out.join('');
  }
  const [base, light] = PRODUCE_COLOURS[kind];
  const perRow = Math.max(2, Math.floor(w / (r * 2)));
  const rows = Math.min(3, perRow);
  for (let row = 0; row < rows; row++) {
    const count = perRow - row;
    const span = (count - 1) * r * 2;
    for (let i = 0; i < count; i++) {
      const cx = x + w / 2 - span / 2 + i * r * 2 + rng.range(-1.5, 1.5);
      const cy = top - r * 0.35 - row * r * 1.55 + rng.range(-1.5, 1.5);
      const rr = r * rng.range(0.94, 1.04);
      out.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rr)}" fill="${base}"/>`,
      );
      out.push(
        `<circle cx="${n(cx - rr * 0.32)}" cy="${n(cy - rr * 0.34)}" r="${n(rr * 0.3)}" fill="${light}"/>`,
      );
      if (kind === 'tomato' || kind === 'apple') {
        out.push(
          `<path d="M${n(cx)},${n(cy - rr * 0.85)} l${n(rr * 0.15)},-${n(rr * 0.3)}" stroke="#4f7a2e" stroke-width="${n(rr * 0.14)}" stroke-linecap="round"/>`,
        );
      } else if (kind === 'orange' && rng.chance(0.3)) {
        out.push(
          `<ellipse cx="${n(cx + rr * 0.3)}" cy="${n(cy - rr * 0.9)}" rx="${n(rr * 0.35)}" ry="${n(rr * 0.16)}" fill="#4f8a3c" transform="rotate(-25 ${n(cx + rr * 0.3)} ${n(cy - rr * 0.9)})"/>`,
        );
      }
    }
  }
  return out.join('');
}

function crate(
  rng: Rng,
  x: number,
  top: number,
  w: number,
  h: number,
  kind: Produce,
  r: number,
): string {
  const wood = rng.pick(['#c98f5b', '#b97e4c', '#d4a06a']);
  const dark = mix(wood, '#3a2230', 0.35);
  const out = [
    produceMound(rng, kind, x + w * 0.03, top + r * 0.4, w * 0.94, r),
  ];
  out.push(
    `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" fill="${wood}"/>`,
  );
  const slats = Math.max(2, Math.round(h / 34));
  for (let s = 1; s < slats; s++) {
    out.push(
      `<rect x="${n(x)}" y="${n(top + (h * s) / slats - 2)}" width="${n(w)}" height="${n(Math.max(2, h * 0.05))}" fill="${dark}" opacity="0.55"/>`,
    );
  }
  out.push(
    `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(Math.max(3, h * 0.08))}" fill="${mix(wood, '#ffffff', 0.25)}"/>`,
  );
  out.push(
    `<rect x="${n(x)}" y="${n(top)}" width="${n(w * 0.06)}" height="${n(h)}" fill="${dark}" opacity="0.5"/>`,
  );
  out.push(
    `<rect x="${n(x + w * 0.94)}" y="${n(top)}" width="${n(w * 0.06)}" height="${n(h)}" fill="${dark}" opacity="0.5"/>`,
  );
  return out.join('');
}

function awning(
  x: number,
  y: number,
  w: number,
  h: number,
  stripes: number,
  colors: readonly [string, string],
  inset: number,
): string {
  const out: string[] = [];
  const sw = w / stripes;
  const r = sw / 2;
  for (let i = 0; i < stripes; i++) {
    const bx1 = x + i * sw;
    const bx2 = bx1 + sw;
    const tx1 = x + inset + ((w - 2 * inset) * i) / stripes;
    const tx2 = x + inset + ((w - 2 * inset) * (i + 1)) / stripes;
    const fill = at(colors, i % 2);
    out.push(
      `<path d="M${n(tx1)},${n(y)} L${n(tx2)},${n(y)} L${n(bx2)},${n(y + h)} A${n(r)},${n(r)} 0 0 1 ${n(bx1)},${n(y + h)} Z" fill="${fill}"/>`,
    );
  }
  // Soft shading toward the top edge, and the rail.
  out.push(
    `<path d="M${n(x + inset)},${n(y)} L${n(x + w - inset)},${n(y)} L${n(x + w - inset * 0.7)},${n(y + h * 0.3)} L${n(x + inset * 0.7)},${n(y + h * 0.3)} Z" fill="#3a2240" opacity="0.12"/>`,
  );
  out.push(
    `<rect x="${n(x + inset - 6)}" y="${n(y - 8)}" width="${n(w - 2 * inset + 12)}" height="10" rx="5" fill="#5b3b34"/>`,
  );
  return out.join('');
}

interface LanternSpec {
  x: number;
  y: number;
  size: number;
  color: string;
}

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

function coverMarket(): string {
  const rng = new Rng(0x6a2c);
  const defs = [
    linear('sky', [
      [0, '#2f3f72'],
      [0.3, '#5d5b90'],
      [0.62, '#c07b8c'],
      [0.9, '#f3b98e'],
      [1, '#f8cf9c'],
    ]),
    radial(
      'lanternGlow',
      [
        [0, '#ffd88a', 0.6],
        [0.4, '#ffc56a', 0.22],
        [1, '#ffc56a', 0],
      ],
      0.5,
      0.5,
      0.5,
    ).replace('gradientUnits="userSpaceOnUse" ', ''),
    linearY(
      'ground',
      [
        [0, '#b99078'],
        [1, '#8a6660'],
      ],
      940,
      H,
    ),
    linearY(
      'stallBack',
      [
        [0, '#5a3a4a'],
        [1, '#7a5254'],
      ],
      640,
      900,
    ),
    radial(
      'warm',
      [
        [0, '#ffcf86', 0.35],
        [1, '#ffcf86', 0],
      ],
      600,
      1040,
      620,
    ),
  ];
  const body: string[] = [];
  body.push(`<rect width="${W}" height="800" fill="url(#sky)"/>`);
  body.push(`<circle cx="930" cy="150" r="34" fill="#fbeed8" opacity="0.9"/>`);
  body.push(`<circle cx="946" cy="140" r="30" fill="#3a4676" opacity="0.9"/>`);
  const stars: string[] = [];
  for (let i = 0; i < 30; i++) {
    stars.push(
      `<circle cx="${n(rng.range(20, W - 20))}" cy="${n(rng.range(20, 260))}" r="${n(rng.range(1.2, 2.6))}"/>`,
    );
  }
  body.push(`<g fill="#fdf3e1" opacity="0.75">${stars.join('')}</g>`);

  // Distant bell tower and rooftops.
  body.push(
    `<g fill="#8c6d93"><rect x="780" y="260" width="80" height="420"/><path d="M770,262 L820,180 L870,262 Z"/><rect x="804" y="292" width="32" height="56" rx="16" fill="#ffd58a"/></g>`,
  );
  // Facades, two layers.
  const facadeLayer = (
    yTop: number,
    jitter: number,
    cols: readonly string[],
    seedShift: number,
    winLit: number,
  ) => {
    const out: string[] = [];
    let x = -20 + seedShift;
    while (x < W) {
      const w = rng.range(150, 250);
      const top = yTop + rng.range(-jitter, jitter);
      const col = rng.pick(cols);
      out.push(
        `<rect x="${n(x)}" y="${n(top)}" width="${n(w + 2)}" height="${n(900 - top)}" fill="${col}"/>`,
      );
      out.push(
        `<rect x="${n(x - 6)}" y="${n(top - 10)}" width="${n(w + 12)}" height="12" fill="${mix(col, '#2a2040', 0.25)}"/>`,
      );
      const cols2 = Math.max(2, Math.round(w / 70));
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < cols2; c++) {
          const wx = x + (w / cols2) * (c + 0.5) - 13;
          const wy = top + 34 + r * 90;
          if (wy > 560) continue;
          const lit = rng.chance(winLit);
          out.push(
            `<rect x="${n(wx)}" y="${n(wy)}" width="26" height="44" rx="13" fill="${lit ? '#ffd27a' : mix(col, '#2a2040', 0.4)}"/>`,
          );
          if (lit)
            out.push(
              `<rect x="${n(wx - 4)}" y="${n(wy + 42)}" width="34" height="6" fill="${mix(col, '#2a2040', 0.3)}"/>`,
            );
        }
      }
      x += w;
    }
    return out.join('');
  };
  body.push(facadeLayer(300, 50, ['#7e6a95', '#8e7097', '#6f6690'], 0, 0.35));
  body.push(
    facadeLayer(
      400,
      40,
      ['#9c6476', '#ad7470', '#8c6281', '#b47e6e'],
      -60,
      0.5,
    ),
  );

  // Ground
  body.push(
    `<rect y="900" width="${W}" height="${H - 900}" fill="url(#ground)"/>`,
  );
  const cobbles: string[] = [];
  for (let r = 0; r < 18; r++) {
    const y = 910 + r * r * 1.2 + r * 16;
    if (y > H) break;
    const ch = 10 + r * 2.2;
    const cw = 30 + r * 5;
    for (let x = (r % 2) * (-cw / 2); x < W; x += cw + 4) {
      cobbles.push(
        `<rect x="${n(x + 2)}" y="${n(y)}" width="${n(cw - 4)}" height="${n(ch * 0.8)}" rx="${n(ch * 0.35)}"/>`,
      );
    }
  }
  body.push(`<g fill="#caa48a" opacity="0.45">${cobbles.join('')}</g>`);
  body.push(`<rect width="${W}" height="${H}" fill="url(#warm)"/>`);

  // Lantern strings (catenaries) across the street.
  const strings: string[] = [];
  const lanterns: string[] = [];
  const lanternColours = [
    '#e4513f',
    '#f08a3c',
    '#f4c04f',
    '#e4513f',
    '#d94f6b',
  ];
  const spans = [
    { a: [-20, 170], b: [W + 20, 230], sag: 150, count: 6, size: 26 },
    { a: [-20, 380], b: [W + 20, 330], sag: 120, count: 7, size: 20 },
  ] as const;
  for (const span of spans) {
    const [ax, ay] = span.a;
    const [bx, by] = span.b;
    const mx = (ax + bx) / 2;
    const my = (ay + by) / 2 + span.sag * 2;
    strings.push(`<path d="M${ax},${ay} Q${mx},${my} ${bx},${by}"/>`);
    for (let i = 0; i < span.count; i++) {
      const t = (i + 0.5) / span.count;
      const px = (1 - t) * (1 - t) * ax + 2 * (1 - t) * t * mx + t * t * bx;
      const py = (1 - t) * (1 - t) * ay + 2 * (1 - t) * t * my + t * t * by;
      const drop = span.size * rng.range(1.2, 2.2);
      strings.push(`<path d="M${n(px)},${n(py)} v${n(drop)}"/>`);
      lanterns.push(
        lantern({
          x: px,
          y: py + drop + span.size * 1.3,
          size: span.size,
          color: at(
            lanternColours,
            (i + spans.indexOf(span)) % lanternColours.length,
          ),
        }),
      );
    }
    // Little bulbs between lanterns.
    for (let i = 0; i <= span.count * 3; i++) {
      const t = i / (span.count * 3);
      const px = (1 - t) * (1 - t) * ax + 2 * (1 - t) * t * mx + t * t * bx;
      const py = (1 - t) * (1 - t) * ay + 2 * (1 - t) * t * my + t * t * by;
      lanterns.push(
        `<circle cx="${n(px)}" cy="${n(py + 4)}" r="4" fill="#ffe6a6"/>`,
      );
    }
  }

  // Two stalls in the middle ground.
  const stall = (
    x: number,
    w: number,
    colors: readonly [string, string],
    goods: readonly Produce[],
  ) => {
    const out: string[] = [];
    const awTop = 620;
    const awH = 80;
    const counter = 830;
    out.push(
      `<rect x="${x + 16}" y="${awTop}" width="${w - 32}" height="${counter - awTop}" fill="url(#stallBack)"/>`,
    );
    out.push(
      `<rect x="${x + 8}" y="${awTop}" width="14" height="${960 - awTop}" fill="#6b4536"/>`,
    );
    out.push(
      `<rect x="${x + w - 22}" y="${awTop}" width="14" height="${960 - awTop}" fill="#6b4536"/>`,
    );
    // Hanging goods under the awning: garlic and chillies.
    for (let k = 0; k < 5; k++) {
      const hx = x + 60 + (k * (w - 120)) / 4;
      out.push(
        `<path d="M${n(hx)},${awTop + awH} v24" stroke="#5b3b34" stroke-width="2"/>`,
      );
      if (k % 2 === 0) {
        for (let g = 0; g < 4; g++)
          out.push(
            `<circle cx="${n(hx + (g % 2 ? 6 : -6))}" cy="${n(awTop + awH + 30 + g * 9)}" r="9" fill="#f3e6cf"/>`,
          );
      } else {
        for (let g = 0; g < 4; g++)
          out.push(
            `<path d="M${n(hx - 6 + g * 4)},${awTop + awH + 24} q-2,22 ${n(4 + g)},34" stroke="#d8412f" stroke-width="6" stroke-linecap="round" fill="none"/>`,
          );
      }
    }
    out.push(awning(x, awTop, w, awH, 9, colors, 18));
    // Counter with crates.
    const cw = (w - 40) / goods.length;
    goods.forEach((g, i) => {
      out.push(
        crate(rng, x + 20 + i * cw + 4, counter - 50, cw - 8, 50, g, 12),
      );
    });
    out.push(
      `<rect x="${x + 4}" y="${counter}" width="${w - 8}" height="14" fill="#8a5a3e"/>`,
    );
    out.push(
      `<rect x="${x + 12}" y="${counter + 14}" width="${w - 24}" height="${970 - counter - 14}" fill="#a86f47"/>`,
    );
    for (let p = 0; p < 4; p++) {
      out.push(
        `<rect x="${x + 12}" y="${counter + 40 + p * 30}" width="${w - 24}" height="3" fill="#7f4f35" opacity="0.6"/>`,
      );
    }
    return out.join('');
  };
  body.push(
    stall(
      40,
      530,
      ['#d64a3b', '#fbefdc'],
      ['tomato', 'peach', 'greens', 'lemon'],
    ),
  );
  body.push(
    stall(
      630,
      530,
      ['#1f7a7f', '#fbefdc'],
      ['grapes', 'orange', 'lime', 'apple'],
    ),
  );

  body.push(
    `<g fill="none" stroke="#2b2233" stroke-width="3">${strings.join('')}</g>`,
  );
  body.push(lanterns.join(''));

  // Foreground display of crates.
  body.push(
    `<rect x="-10" y="1290" width="${W + 20}" height="16" fill="#5b3b34" opacity="0.35"/>`,
  );
  const back: readonly Produce[] = ['orange', 'greens', 'tomato', 'lemon'];
  back.forEach((g, i) => {
    body.push(crate(rng, 20 + i * 292, 1150, 280, 150, g, 26));
  });
  const front: readonly Produce[] = ['aubergine', 'apple', 'peach'];
  front.forEach((g, i) => {
    body.push(crate(rng, -30 + i * 420, 1330, 400, 190, g, 34));
  });
  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// Logo

function logoSvg(): string {
  const teal = '#0b5d66';
  const font = `system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="48" viewBox="0 0 200 48" role="img" aria-labelledby="logo-title">`,
    `<title id="logo-title">Visit Aldmere Coast</title>`,
    `<defs><clipPath id="logo-disc"><circle cx="24" cy="24" r="21"/></clipPath></defs>`,
    `<circle cx="24" cy="24" r="21" fill="${teal}"/>`,
    `<g clip-path="url(#logo-disc)">`,
    `<circle cx="24" cy="27" r="9" fill="#f4b860"/>`,
    `<path d="M13 14.5l2.2 2.2M24 10v3.2M35 14.5l-2.2 2.2" stroke="#f4b860" stroke-width="2.2" stroke-linecap="round"/>`,
    `<path d="M0 29.5q6-3.5 12 0t12 0 12 0 12 0V48H0z" fill="#ffffff"/>`,
    `<path d="M0 36q6-3.5 12 0t12 0 12 0 12 0V48H0z" fill="#7cc6c4"/>`,
    `</g>`,
    `<text x="54" y="18" fill="${teal}" font-family="${font}" font-size="10.5" font-weight="600" letter-spacing="2.4">VISIT</text>`,
    `<text x="53" y="38" fill="${teal}" font-family="${font}" font-size="19" font-weight="700" textLength="143" lengthAdjust="spacingAndGlyphs">Aldmere Coast</text>`,
    `</svg>`,
  ].join('');
}

// ---------------------------------------------------------------------------
// Output

interface Cover {
  slug: string;
  alt: string;
  svg: () => string;
}

const COVERS: readonly Cover[] = [
  {
    slug: 'coast',
    alt: 'Illustration of a red-and-white lighthouse on a clifftop above a calm sea, with the sun setting over the water at golden hour.',
    svg: coverCoast,
  },
  {
    slug: 'old town',
    alt: 'Illustration of a hillside old town of colourful houses with terracotta roofs, crowned by a domed church tower, above a glimpse of the sea.',
    svg: coverOldTown,
  },
  {
    slug: 'mountains',
    alt: 'Illustration of snow-capped mountain ranges reflected in a still lake, with a red canoe on the water and tall pines on the shore.',
    svg: coverMountains,
  },
  {
    slug: 'food market',
    alt: 'Illustration of an evening food market with striped awnings, glowing paper lanterns and wooden crates of fresh fruit and vegetables.',
    svg: coverMarket,
  },
];

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(): Promise<void> {
  // --out lets a regeneration be compared with the committed files without overwriting them.
  const { values } = parseArgs({
    options: { out: { type: 'string' }, svg: { type: 'boolean' } },
  });
  const outputDir = values.out ?? DEFAULT_OUTPUT_DIR;
  const debugSvg = values.svg ?? false;
  await mkdir(outputDir, { recursive: true });
  const covers = [];
  for (const [index, cover] of COVERS.entries()) {
    const svg = Buffer.from(cover.svg());
    if (debugSvg) await writeFile(`/tmp/cover-${index}.svg`, svg);
    // Rasterise once at full size, then downscale for the smaller widths.
    const master = await sharp(svg, { density: 72 })
      .resize(W, H)
      .png()
      .toBuffer();
    const avif: string[] = [];
    const webp: string[] = [];
    const sizes: string[] = [];
    for (const width of WIDTHS) {
      const resized = sharp(master).resize(width, Math.round((width * H) / W), {
        kernel: 'lanczos3',
      });
      const base = `cover-${index}-${width}`;
      const avifBuf = await resized.clone().avif(AVIF_OPTIONS).toBuffer();
      const webpBuf = await resized.clone().webp(WEBP_OPTIONS).toBuffer();
      await writeFile(join(outputDir, `${base}.avif`), avifBuf);
      await writeFile(join(outputDir, `${base}.webp`), webpBuf);
      avif.push(`${PUBLIC_PREFIX}/${base}.avif ${width}w`);
      webp.push(`${PUBLIC_PREFIX}/${base}.webp ${width}w`);
      sizes.push(
        `${width}w avif ${kb(avifBuf.length)}, webp ${kb(webpBuf.length)}`,
      );
    }
    console.log(`cover ${index} (${cover.slug}): ${sizes.join(' | ')}`);
    covers.push({
      alt: cover.alt,
      width: W,
      height: H,
      sources: { avif, webp },
      fallback: `${PUBLIC_PREFIX}/cover-${index}-800.webp`,
    });
  }
  const logo = logoSvg();
  await writeFile(join(outputDir, 'logo.svg'), `${logo}\n`);
  console.log(`logo.svg: ${logo.length + 1} bytes`);
  const manifest = {
    covers,
    logo: {
      src: `${PUBLIC_PREFIX}/logo.svg`,
      width: 200,
      height: 48,
      alt: 'Visit Aldmere Coast',
    },
  };
  await writeFile(
    join(outputDir, 'artwork.json'),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  console.log('artwork.json written');
}

await main();
