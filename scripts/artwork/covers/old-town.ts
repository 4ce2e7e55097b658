import { OUTLINES, RAMPS } from '../scene-data.ts';
import { coverSvg, H, W } from '../toolkit/canvas.ts';
import { mix } from '../toolkit/colour.ts';
import { linear, linearY, radial } from '../toolkit/gradients.ts';
import { birds, cloud, hill, skyWithGlow } from '../toolkit/motifs.ts';
import { smooth } from '../toolkit/paths.ts';
import { Rng } from '../toolkit/random.ts';
import { type Pt } from '../toolkit/svg.ts';
import { cypress, roundTree } from '../toolkit/trees.ts';
import { church } from './church.ts';
import { terrace, terraceGradients } from './terrace.ts';
import { house } from './town-house.ts';

const ramps = RAMPS.oldTown;
const outlines = OUTLINES.oldTown;

const HAZE = '#eaf1ea';
/** The town hill is symmetric about this x. */
const CX = 600;
/** Left edge of the church tower on the summit. */
const CHURCH_X = CX - 70;

/** Half the width of the town hill at height y: it widens toward us. */
function halfWidth(y: number): number {
  return 170 + (y - 560) * 0.95;
}

/** Back to front: each row is lower on the canvas and its houses larger. */
const ROWS = [
  { y: 650, h: [52, 70], w: [46, 62] },
  { y: 730, h: [68, 88], w: [56, 76] },
  { y: 820, h: [84, 106], w: [70, 92] },
  { y: 920, h: [100, 128], w: [86, 112] },
  { y: 1040, h: [122, 152], w: [104, 136] },
  { y: 1180, h: [146, 180], w: [124, 160] },
  { y: 1340, h: [176, 214], w: [150, 192] },
] as const;

function townHill(): string {
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let y = 580; y <= H + 40; y += 40) {
    left.push([CX - halfWidth(y), y]);
    right.push([CX + halfWidth(y), y]);
  }
  const hillLine: Pt[] = [
    ...left.reverse(),
    [CX - 90, 532],
    [CX + 60, 526],
    ...right,
  ];
  // The grass shows only as a rim around the bare, sunlit inner slope.
  const hillInner: Pt[] = hillLine.map(([x, y]): Pt => [
    CX + (x - CX) * 0.86,
    y + 24,
  ]);
  return `<path d="${smooth(hillLine)} Z" fill="#9fbf83"/><path d="${smooth(hillInner)} Z" fill="url(#hill)"/>`;
}

/** Trees where a row of houses ends on the slope, so that the rows do not stop abruptly. */
function rowEndTrees(
  rng: Rng,
  ri: number,
  y: number,
  xmin: number,
  xmax: number,
  haze: number,
): string[] {
  const tint = (colour: string) => mix(colour, HAZE, haze);
  const parts: string[] = [];
  for (const side of [-1, 1]) {
    const ex = side < 0 ? xmin - 10 : xmax + 10;
    for (let k = 0; k < 3; k++) {
      const tx = ex + side * (k * (18 + ri * 10)) + rng.range(-6, 6);
      if (tx < -40 || tx > W + 40) continue;
      if (rng.chance(0.5)) {
        const th = 60 + ri * 30;
        parts.push(
          cypress(
            { x: tx, base: y + 6, h: th * rng.range(0.8, 1.1), w: th * 0.22 },
            tint('#3f7456'),
            tint('#2e5b45'),
          ),
        );
      } else {
        parts.push(
          roundTree(
            rng,
            tx,
            y + 6,
            14 + ri * 7,
            tint('#6d9a5a'),
            tint('#557f48'),
          ),
        );
      }
    }
  }
  return parts;
}

/** Rows of houses, back to front, hazier and plainer in the distance. */
function houseRows(rng: Rng): string[] {
  return ROWS.map((row, ri) => {
    const haze = 0.32 * (1 - ri / (ROWS.length - 1));
    const detail = ri < 2 ? 'low' : ri < 4 ? 'mid' : 'high';
    const half = halfWidth(row.y) - 20;
    const xmin = CX - half;
    const xmax = CX + half;
    const parts = ri < 5 ? rowEndTrees(rng, ri, row.y, xmin, xmax, haze) : [];
    let x = xmin + rng.range(-20, 10);
    while (x < xmax) {
      const w = rng.range(row.w[0], row.w[1]);
      const h = rng.range(row.h[0], row.h[1]);
      // The back row leaves a gap for the church, which would otherwise be hidden.
      const hidesChurch =
        ri === 0 && x + w > CHURCH_X - 40 && x < CHURCH_X + 200;
      if (!hidesChurch)
        parts.push(house(rng, x, row.y, w, h, haze, HAZE, detail));
      x += w + rng.range(-2, 6);
    }
    return parts.join('');
  });
}

/** Cover 1: a hillside old town above the sea, seen from a terrace. */
export function oldTownCover(): string {
  const rng = new Rng(0x01d7);
  const defs = [
    linear('sky', ramps.sky),
    radial('glow', ramps.glow, 930, 230, 380),
    linearY('hill', ramps.hill, 520, H),
    linearY('sea', ramps.sea, 700, 800),
    ...terraceGradients(),
  ];
  const body = [
    skyWithGlow(H, 800),
    `<circle cx="930" cy="230" r="62" fill="#fff8e8"/>`,
    cloud(rng, 90, 170, 300, 40, '#ffffff', 0.75),
    cloud(rng, 170, 196, 200, 26, '#ffffff', 0.9),
    cloud(rng, 680, 360, 260, 30, '#ffffff', 0.7),
    birds(rng, 330, 330, 3, 60, '#5b7d8a', 13),
    `<rect y="700" width="${W}" height="120" fill="url(#sea)"/>`,
    `<path d="M0,748 h1200" stroke="#d9eeea" stroke-width="3" opacity="0.5"/>`,
    hill(rng, outlines.westHill, 10, 4, 704, '#a7c7c0'),
    hill(rng, outlines.eastHill, 10, 4, 704, '#98bdb5'),
    townHill(),
    church(CHURCH_X, HAZE),
    ...houseRows(rng),
    terrace(rng),
  ];
  return coverSvg(defs, body);
}
