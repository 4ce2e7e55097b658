import { OUTLINES, RAMPS } from '../scene-data.ts';
import { coverSvg, H, W } from '../toolkit/canvas.ts';
import { linear, linearY, radial } from '../toolkit/gradients.ts';
import {
  boulder,
  cloud,
  hill,
  skyWithGlow,
  waterLines,
} from '../toolkit/motifs.ts';
import { Rng } from '../toolkit/random.ts';
import { n, type Pt } from '../toolkit/svg.ts';
import { pine } from '../toolkit/trees.ts';
import { mountainRanges } from './mountain-range.ts';

const ramps = RAMPS.mountains;
const outlines = OUTLINES.mountains;

/** The waterline across the canvas; the ranges are mirrored about it. */
const LAKE = 830;
const SUN: Pt = [790, 500];

/** Ripples dim the mirrored ranges; the sun's reflection is a column of bars under it. */
function lake(rng: Rng): string {
  const shimmer = waterLines(rng, {
    count: 40,
    top: LAKE + 10,
    depth: 380,
    power: 1.3,
    shortest: 40,
    growth: 180,
    left: -60,
  }).map(
    ({ t, x, y, len }) =>
      `<rect x="${n(x)}" y="${n(y)}" width="${n(len)}" height="${n(2 + t * 3)}" rx="2"/>`,
  );
  const sunReflection: string[] = [];
  for (let i = 0; i < 14; i++) {
    const t = i / 13;
    const w = 70 - t * 40 + rng.range(-10, 10);
    sunReflection.push(
      `<rect x="${n(SUN[0] - w / 2 + rng.range(-8, 8))}" y="${n(LAKE + 8 + i * 14)}" width="${n(w)}" height="4" rx="2" opacity="${n(0.8 - t * 0.6)}"/>`,
    );
  }
  return [
    `<rect y="${LAKE}" width="${W}" height="${H - LAKE}" fill="url(#lake)"/>`,
    `<clipPath id="lakeClip"><rect y="${LAKE}" width="${W}" height="${H - LAKE}"/></clipPath>`,
    `<g clip-path="url(#lakeClip)" opacity="0.42"><use href="#range" xlink:href="#range" transform="translate(0,${2 * LAKE}) scale(1,-1)"/></g>`,
    `<rect y="${LAKE}" width="${W}" height="${H - LAKE}" fill="url(#lake)" opacity="0.35"/>`,
    `<g fill="#f4e6e4" opacity="0.35">${shimmer.join('')}</g>`,
    `<g fill="#fff1dc">${sunReflection.join('')}</g>`,
  ].join('');
}

/** A paddler in a red canoe, with its wake. */
function canoe(): string {
  const cx = 600;
  const cy = 1040;
  return [
    `<path d="M${cx - 80},${cy} Q${cx},${cy + 26} ${cx + 80},${cy} Q${cx},${cy + 10} ${cx - 80},${cy} Z" fill="#c8553d"/>`,
    `<path d="M${cx - 80},${cy + 6} Q${cx},${cy + 40} ${cx + 80},${cy + 6}" stroke="#8a5a6a" stroke-width="3" fill="none" opacity="0.35"/>`,
    `<rect x="${cx - 6}" y="${cy - 32}" width="14" height="26" rx="6" fill="#f2b24c"/>`,
    `<circle cx="${cx + 1}" cy="${cy - 40}" r="8" fill="#3b3040"/>`,
    `<path d="M${cx - 30},${cy - 40} L${cx + 40},${cy + 14}" stroke="#5b3b34" stroke-width="4" stroke-linecap="round"/>`,
    `<path d="M${cx - 110},${cy + 22} q40,-6 80,0 M${cx + 40},${cy + 24} q40,-6 80,0" stroke="#f4e6e4" stroke-width="3" fill="none" opacity="0.55" stroke-linecap="round"/>`,
  ].join('');
}

function grassTufts(rng: Rng): string {
  const tufts: string[] = [];
  for (let i = 0; i < 60; i++) {
    const x = rng.range(0, W);
    const y = 1330 + rng.range(0, 160);
    tufts.push(
      `<path d="M${n(x)},${n(y)} l-6,-${n(rng.range(14, 26))} M${n(x + 4)},${n(y)} l4,-${n(rng.range(14, 26))}"/>`,
    );
  }
  return `<g stroke="#3f6a58" stroke-width="3" stroke-linecap="round" opacity="0.7">${tufts.join('')}</g>`;
}

/** Mid-distance pines on the near shore, then the big pines that frame the picture. */
function pines(): string[] {
  const near = (
    [
      [320, 1300, 200],
      [380, 1320, 150],
      [860, 1290, 180],
      [920, 1280, 230],
    ] as const
  ).map(([x, base, h]) =>
    pine({ x, base, h, w: h * 0.4 }, '#35635a', '#2a5049'),
  );
  const framing = (
    [
      [60, H + 20, 1100],
      [200, H + 10, 780],
      [1150, H + 20, 1020],
      [1030, H + 20, 640],
    ] as const
  ).map(([x, base, h]) =>
    pine({ x, base, h, w: h * 0.34 }, '#1a3b3f', '#122d31', false),
  );
  return [...near, ...framing];
}

/** Cover 2: snow-capped ranges mirrored in a lake, a canoe and pines. */
export function mountainsCover(): string {
  const rng = new Rng(0x3a7e);
  const defs = [
    linear('sky', ramps.sky),
    radial('glow', ramps.glow, SUN[0], SUN[1], 440),
    linearY('lake', ramps.lake, LAKE, 1260),
    linearY('shore', ramps.shore, 1180, H),
  ];
  const body = [
    skyWithGlow(LAKE + 2),
    `<circle cx="${SUN[0]}" cy="${SUN[1]}" r="70" fill="#fff5e6"/>`,
    cloud(rng, 60, 250, 340, 36, '#f9e3dc', 0.7),
    cloud(rng, 780, 190, 300, 30, '#f9e3dc', 0.6),
    cloud(rng, 870, 214, 200, 22, '#ffffff', 0.55),
    `<g id="range">${mountainRanges(rng, LAKE + 4)}</g>`,
    lake(rng),
    canoe(),
    hill(rng, outlines.nearShore, 14, 4, H + 2, 'url(#shore)'),
    grassTufts(rng),
    boulder(rng, 760, 1410, 96, 56, '#3d5458', '#5b7276'),
    boulder(rng, 870, 1440, 56, 32, '#33484d', '#4d6569'),
    ...pines(),
  ];
  return coverSvg(defs, body);
}
