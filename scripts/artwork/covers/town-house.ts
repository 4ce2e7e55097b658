import { mix } from '../toolkit/colour.ts';
import { type Rng } from '../toolkit/random.ts';
import { n, pts, type Pt } from '../toolkit/svg.ts';

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

type Detail = 'low' | 'mid' | 'high';

/** Hazed toward the sky colour with distance, so that the rows of houses recede. */
type Tint = (colour: string) => string;

interface Facade {
  x: number;
  ground: number;
  top: number;
  w: number;
  h: number;
  /** Width of the lit front; the shadowed side wall has no windows. */
  face: number;
  detail: Detail;
  tint: Tint;
  glass: string;
}

function flowerBox(
  rng: Rng,
  wx: number,
  wy: number,
  ww: number,
  wh: number,
  tint: Tint,
): string[] {
  const out = [
    `<rect x="${n(wx - 2)}" y="${n(wy + wh)}" width="${n(ww + 4)}" height="${n(ww * 0.28)}" fill="${tint('#8a4a3e')}"/>`,
  ];
  for (let f = 0; f < 4; f++) {
    out.push(
      `<circle cx="${n(wx + (ww * (f + 0.5)) / 4)}" cy="${n(wy + wh - 1)}" r="${n(ww * 0.16)}" fill="${tint(rng.pick(['#e2466f', '#f05d5e', '#f7a1c4']))}"/>`,
    );
  }
  return out;
}

/**
 * Windows on a grid over the lit front. Distant houses get plain small
 * windows; nearer ones shutters and arches, and the nearest doors and flower
 * boxes.
 */
function openings(rng: Rng, facade: Facade): string[] {
  const { x, ground, top, w, h, face, detail, tint, glass } = facade;
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
  const doors: string[] = [];
  const windows: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const wx = x + (face / cols) * (k + 0.5) - ww / 2;
      const wy = top + 10 + r * (h / rows) + (h / rows - wh) * 0.35;
      if (wy + wh > ground - 2) continue;
      if (
        detail === 'high' &&
        r === rows - 1 &&
        k === Math.floor(cols / 2) &&
        rng.chance(0.7)
      ) {
        const doorH = Math.min(h * 0.45, ww * 2.6);
        doors.push(
          `<rect x="${n(wx - ww * 0.15)}" y="${n(ground - doorH)}" width="${n(ww * 1.3)}" height="${n(doorH + 4)}" rx="${n(ww * 0.65)}" fill="${tint(mix(shutter, '#2b2030', 0.35))}"/>`,
        );
        continue;
      }
      if (detail !== 'low' && rng.chance(0.55)) {
        windows.push(
          `<rect x="${n(wx - ww * 0.42)}" y="${n(wy)}" width="${n(ww * 0.36)}" height="${n(wh)}" fill="${tint(shutter)}"/>`,
          `<rect x="${n(wx + ww * 1.06)}" y="${n(wy)}" width="${n(ww * 0.36)}" height="${n(wh)}" fill="${tint(shutter)}"/>`,
        );
      }
      const arched = detail !== 'low' && rng.chance(0.3);
      windows.push(
        `<rect x="${n(wx)}" y="${n(wy)}" width="${n(ww)}" height="${n(wh)}" rx="${arched ? n(ww / 2) : n(ww * 0.08)}" fill="${glass}"/>`,
      );
      if (detail === 'high' && rng.chance(0.35)) {
        windows.push(...flowerBox(rng, wx, wy, ww, wh, tint));
      }
    }
  }
  return [...doors, ...windows];
}

/** One house standing on `ground`, `haze` of the way toward `hazeColor`. */
export function house(
  rng: Rng,
  x: number,
  ground: number,
  w: number,
  h: number,
  haze: number,
  hazeColor: string,
  detail: Detail,
): string {
  const tint: Tint = (colour) => mix(colour, hazeColor, haze);
  const facade = rng.pick(FACADES);
  const roof = rng.pick(ROOFS);
  const side = w * 0.2;
  const gable = rng.chance(0.45);
  const roofH = gable ? w * 0.42 : w * 0.22;
  const top = ground - h;
  // A gable or a low hipped roof; either way the right-hand pitch is in shadow, like the side wall.
  const roofLine: Pt[] = gable
    ? [
        [x - w * 0.06, top + 2],
        [x + w * 0.5, top - roofH],
        [x + w * 1.06, top + 2],
      ]
    : [
        [x - w * 0.05, top + 2],
        [x + w * 0.12, top - roofH],
        [x + w * 0.88, top - roofH],
        [x + w * 1.05, top + 2],
      ];
  const shadeFoot: Pt = [x + w * (gable ? 0.78 : 0.84), top + 2];
  const out = [
    `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h + 4)}" fill="${tint(facade)}"/>`,
    `<rect x="${n(x + w - side)}" y="${n(top)}" width="${n(side)}" height="${n(h + 4)}" fill="${tint(mix(facade, '#5a3b4a', 0.28))}"/>`,
    `<polygon points="${pts(roofLine)}" fill="${tint(roof)}"/>`,
    `<polygon points="${pts([...roofLine.slice(-2), shadeFoot])}" fill="${tint(mix(roof, '#3a2230', 0.25))}"/>`,
    `<rect x="${n(x - w * 0.05)}" y="${n(top)}" width="${n(w * 1.1)}" height="${n(Math.max(2, w * 0.03))}" fill="${tint('#5a3b40')}" opacity="0.35"/>`,
  ];
  if (rng.chance(0.3) && detail !== 'low') {
    const chimneyX = x + w * rng.range(0.2, 0.6);
    out.push(
      `<rect x="${n(chimneyX)}" y="${n(top - roofH * 0.9 - w * 0.08)}" width="${n(w * 0.09)}" height="${n(w * 0.18)}" fill="${tint(mix(facade, '#5a3b4a', 0.2))}"/>`,
    );
  }
  out.push(
    ...openings(rng, {
      x,
      ground,
      top,
      w,
      h,
      face: w - side,
      detail,
      tint,
      glass: tint(mix('#3b2f45', hazeColor, 0.1)),
    }),
  );
  return out.join('');
}
