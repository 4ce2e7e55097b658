import { RAMPS } from '../scene-data.ts';
import { coverSvg, H, W } from '../toolkit/canvas.ts';
import { mix } from '../toolkit/colour.ts';
import { linear, linearY, radial } from '../toolkit/gradients.ts';
import { Rng } from '../toolkit/random.ts';
import { n } from '../toolkit/svg.ts';
import { lanternGradients, lanternStrings } from './lantern.ts';
import { stall, stallGradients } from './market-stall.ts';
import { crate, type Produce } from './produce.ts';

const ramps = RAMPS.market;

/** The street's ground line: facades stand on it, stalls and cobbles are in front of it. */
const STREET = 900;

const BELL_TOWER =
  '<g fill="#8c6d93"><rect x="780" y="260" width="80" height="420"/><path d="M770,262 L820,180 L870,262 Z"/><rect x="804" y="292" width="32" height="56" rx="16" fill="#ffd58a"/></g>';

function stars(rng: Rng): string {
  const out: string[] = [];
  for (let i = 0; i < 30; i++) {
    out.push(
      `<circle cx="${n(rng.range(20, W - 20))}" cy="${n(rng.range(20, 260))}" r="${n(rng.range(1.2, 2.6))}"/>`,
    );
  }
  return `<g fill="#fdf3e1" opacity="0.75">${out.join('')}</g>`;
}

interface FacadeRow {
  /** Mean roofline; each building varies from it by up to `jitter`. */
  top: number;
  jitter: number;
  colours: readonly string[];
  /** Where the first building starts, so that the two rows' joints do not line up. */
  start: number;
  /** The share of windows lit for the evening. */
  lit: number;
}

/** A row of town houses along the street, with arched windows, some of them lit. */
function facades(rng: Rng, row: FacadeRow): string {
  const out: string[] = [];
  let x = -20 + row.start;
  while (x < W) {
    const w = rng.range(150, 250);
    const top = row.top + rng.range(-row.jitter, row.jitter);
    const col = rng.pick(row.colours);
    out.push(
      `<rect x="${n(x)}" y="${n(top)}" width="${n(w + 2)}" height="${n(STREET - top)}" fill="${col}"/>`,
      `<rect x="${n(x - 6)}" y="${n(top - 10)}" width="${n(w + 12)}" height="12" fill="${mix(col, '#2a2040', 0.25)}"/>`,
    );
    const cols = Math.max(2, Math.round(w / 70));
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < cols; c++) {
        const wx = x + (w / cols) * (c + 0.5) - 13;
        const wy = top + 34 + r * 90;
        if (wy > 560) continue;
        const lit = rng.chance(row.lit);
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
}

/** Rows of cobbles that grow and spread toward us, each row offset by half a stone. */
function cobbles(): string {
  const out: string[] = [];
  for (let r = 0; r < 18; r++) {
    const y = 910 + r * r * 1.2 + r * 16;
    if (y > H) break;
    const ch = 10 + r * 2.2;
    const cw = 30 + r * 5;
    for (let x = (r % 2) * (-cw / 2); x < W; x += cw + 4) {
      out.push(
        `<rect x="${n(x + 2)}" y="${n(y)}" width="${n(cw - 4)}" height="${n(ch * 0.8)}" rx="${n(ch * 0.35)}"/>`,
      );
    }
  }
  return `<g fill="#caa48a" opacity="0.45">${out.join('')}</g>`;
}

/** The display in front: a back row of crates and a larger front row overlapping it. */
function displayCrates(rng: Rng): string[] {
  const back: readonly Produce[] = ['orange', 'greens', 'tomato', 'lemon'];
  const front: readonly Produce[] = ['aubergine', 'apple', 'peach'];
  return [
    `<rect x="-10" y="1290" width="${W + 20}" height="16" fill="#5b3b34" opacity="0.35"/>`,
    ...back.map((g, i) => crate(rng, 20 + i * 292, 1150, 280, 150, g, 26)),
    ...front.map((g, i) => crate(rng, -30 + i * 420, 1330, 400, 190, g, 34)),
  ];
}

/** Cover 3: an evening food market under strings of lanterns. */
export function marketCover(): string {
  const rng = new Rng(0x6a2c);
  const defs = [
    linear('sky', ramps.sky),
    ...lanternGradients(),
    linearY('ground', ramps.ground, 940, H),
    ...stallGradients(),
    radial('warm', ramps.warm, 600, 1040, 620),
  ];
  const sky = [
    `<rect width="${W}" height="800" fill="url(#sky)"/>`,
    `<circle cx="930" cy="150" r="34" fill="#fbeed8" opacity="0.9"/>`,
    `<circle cx="946" cy="140" r="30" fill="#3a4676" opacity="0.9"/>`,
    stars(rng),
    BELL_TOWER,
  ];
  const street = [
    facades(rng, {
      top: 300,
      jitter: 50,
      colours: ['#7e6a95', '#8e7097', '#6f6690'],
      start: 0,
      lit: 0.35,
    }),
    facades(rng, {
      top: 400,
      jitter: 40,
      colours: ['#9c6476', '#ad7470', '#8c6281', '#b47e6e'],
      start: -60,
      lit: 0.5,
    }),
    `<rect y="${STREET}" width="${W}" height="${H - STREET}" fill="url(#ground)"/>`,
    cobbles(),
    `<rect width="${W}" height="${H}" fill="url(#warm)"/>`,
  ];
  // Drawn in front of the stalls but taken from the generator before them, as the seeded sequence fixes the picture.
  const overhead = lanternStrings(rng);
  const stalls = [
    stall(
      rng,
      40,
      530,
      ['#d64a3b', '#fbefdc'],
      ['tomato', 'peach', 'greens', 'lemon'],
    ),
    stall(
      rng,
      630,
      530,
      ['#1f7a7f', '#fbefdc'],
      ['grapes', 'orange', 'lime', 'apple'],
    ),
  ];
  const body = [
    ...sky,
    ...street,
    ...stalls,
    overhead.wires,
    overhead.lanterns,
    ...displayCrates(rng),
  ];
  return coverSvg(defs, body);
}
