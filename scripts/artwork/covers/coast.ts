import { OUTLINES, RAMPS } from '../scene-data.ts';
import { coverSvg, H, W } from '../toolkit/canvas.ts';
import { linear, linearY, radial } from '../toolkit/gradients.ts';
import {
  birds,
  boulder,
  cloud,
  hill,
  skyWithGlow,
  waterLines,
} from '../toolkit/motifs.ts';
import { band, ridge, silhouette } from '../toolkit/paths.ts';
import { Rng } from '../toolkit/random.ts';
import { n, type Pt } from '../toolkit/svg.ts';
import { cliffGradients, coastCliff } from './coast-cliff.ts';
import { lighthouse, lighthouseGradients } from './lighthouse.ts';

const ramps = RAMPS.coast;
const outlines = OUTLINES.coast;

const HZ = 880;
const SUN: Pt = [470, 800];

const FOAM_ON_ROCKS =
  '<path d="M160,1392 q50,-16 100,0 q40,12 80,0 M60,1310 q40,-12 80,0" fill="none" stroke="#e9f3ea" stroke-width="6" stroke-linecap="round" opacity="0.45"/>';

/** Distant headlands on the left horizon, paler with distance. */
function headlands(rng: Rng): string {
  return (
    hill(rng, outlines.farHeadland, 8, 4, HZ + 2, '#d9a08a') +
    hill(rng, outlines.nearerHeadland, 6, 3, HZ + 2, '#c58882')
  );
}

/** Glitter widens toward us under the sun; swell lines keep out of the glitter so that it stays bright. */
function sea(rng: Rng): string {
  const glitter: string[] = [];
  for (let i = 0; i < 30; i++) {
    const t = i / 29;
    const y = HZ + 6 + Math.pow(t, 1.5) * 470;
    const w = (30 + t * 150) * rng.range(0.5, 1.2);
    const x = SUN[0] + rng.range(-30, 30) * (0.4 + t) - w / 2;
    const h = 3 + t * 5;
    glitter.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 2)}" opacity="${n((1 - t) * 0.8 + 0.1)}"/>`,
    );
  }
  const swell = waterLines(rng, {
    count: 46,
    top: HZ + 20,
    depth: 560,
    power: 1.4,
    shortest: 30,
    growth: 120,
    left: -40,
  })
    .filter(({ t, x, len }) => Math.abs(x + len / 2 - SUN[0]) >= 90 + t * 100)
    .map(
      ({ t, x, y, len }) =>
        `<path d="M${n(x)},${n(y)} q${n(len / 2)},${n(-4 - t * 6)} ${n(len)},0" stroke-width="${n(1.5 + t * 3)}"/>`,
    );
  return [
    `<rect y="${HZ}" width="${W}" height="${H - HZ}" fill="url(#sea)"/>`,
    `<g fill="#ffe6b3">${glitter.join('')}</g>`,
    `<g fill="none" stroke="#cfe6dc" stroke-linecap="round" opacity="0.32">${swell.join('')}</g>`,
  ].join('');
}

function seaStack(): string {
  return [
    `<path d="M640,${HZ + 34} L648,842 Q652,826 664,824 L684,828 Q694,836 694,852 L700,${HZ + 34} Z" fill="#8e5d66"/>`,
    `<path d="M680,828 Q694,836 694,852 L700,${HZ + 34} L682,${HZ + 34} Z" fill="#6f4658" opacity="0.8"/>`,
    `<path d="M632,${HZ + 34} q30,-6 76,0" stroke="#fbe3c4" stroke-width="4" fill="none" stroke-linecap="round" opacity="0.75"/>`,
  ].join('');
}

/** The near headland lower right, with a rim lit by the low sun. */
function nearHeadland(rng: Rng): string {
  const near = ridge(rng, outlines.nearHeadland, 8, 4);
  return `<path d="${silhouette(near, H + 4, true)}" fill="#41283f"/><path d="${band(near, ([x, y]) => [x + 6, y + 10])}" fill="#6d4256"/>`;
}

/** Cover 0: a lighthouse on the coast at golden hour. */
export function coastCover(): string {
  const rng = new Rng(0xa1d0);
  const defs = [
    linear('sky', ramps.sky),
    radial('glow', ramps.glow, SUN[0], SUN[1], 520),
    linearY('sea', ramps.sea, HZ, H),
    ...cliffGradients(),
    ...lighthouseGradients(),
  ];
  // The clouds are lit from below by the low sun, so the paler tone sits under the darker.
  const body = [
    skyWithGlow(HZ + 2),
    cloud(rng, -60, 210, 420, 46, '#f2a988', 0.7),
    cloud(rng, 40, 236, 300, 34, '#fbd2ac', 0.85),
    cloud(rng, 700, 150, 380, 44, '#f2a988', 0.6),
    cloud(rng, 780, 176, 260, 30, '#fbd2ac', 0.8),
    cloud(rng, 240, 520, 330, 30, '#fde3bd', 0.75),
    cloud(rng, 620, 600, 220, 22, '#fde3bd', 0.6),
    `<circle cx="${SUN[0]}" cy="${SUN[1]}" r="104" fill="#fff1cf"/>`,
    `<circle cx="${SUN[0]}" cy="${SUN[1]}" r="86" fill="#fff8e6"/>`,
    headlands(rng),
    sea(rng),
    seaStack(),
    coastCliff(rng),
    lighthouse(),
    FOAM_ON_ROCKS,
    boulder(rng, 60, 1420, 190, 130, '#1c3d49', '#2f5d66'),
    boulder(rng, 300, 1480, 150, 80, '#173540', '#2a525c'),
    boulder(rng, 150, 1500, 130, 56, '#122d37', '#224853'),
    nearHeadland(rng),
    birds(rng, 330, 430, 4, 80, '#7b4a58', 16),
    birds(rng, 640, 380, 2, 30, '#7b4a58', 11),
  ];
  return coverSvg(defs, body);
}
