import { RAMPS } from '../scene-data.ts';
import { at } from '../toolkit/array.ts';
import { linearY } from '../toolkit/gradients.ts';
import { type Rng } from '../toolkit/random.ts';
import { n } from '../toolkit/svg.ts';
import { crate, type Produce } from './produce.ts';

const ramps = RAMPS.marketStall;

const AWNING_TOP = 620;
const AWNING_H = 80;
const COUNTER = 830;

export function stallGradients(): string[] {
  return [linearY('stallBack', ramps.stallBack, 640, 900)];
}

/**
 * Striped awning seen from below and in front: the stripes fan out from the
 * narrower rail (`inset` on each side) to scalloped ends along the front edge.
 */
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
  out.push(
    `<path d="M${n(x + inset)},${n(y)} L${n(x + w - inset)},${n(y)} L${n(x + w - inset * 0.7)},${n(y + h * 0.3)} L${n(x + inset * 0.7)},${n(y + h * 0.3)} Z" fill="#3a2240" opacity="0.12"/>`,
    `<rect x="${n(x + inset - 6)}" y="${n(y - 8)}" width="${n(w - 2 * inset + 12)}" height="10" rx="5" fill="#5b3b34"/>`,
  );
  return out.join('');
}

/** Strings of garlic and bunches of chillies, alternating, hung under the awning. */
function hangingGoods(x: number, w: number): string[] {
  const out: string[] = [];
  const hook = AWNING_TOP + AWNING_H;
  for (let k = 0; k < 5; k++) {
    const hx = x + 60 + (k * (w - 120)) / 4;
    out.push(
      `<path d="M${n(hx)},${hook} v24" stroke="#5b3b34" stroke-width="2"/>`,
    );
    for (let g = 0; g < 4; g++) {
      out.push(
        k % 2 === 0
          ? `<circle cx="${n(hx + (g % 2 ? 6 : -6))}" cy="${n(hook + 30 + g * 9)}" r="9" fill="#f3e6cf"/>`
          : `<path d="M${n(hx - 6 + g * 4)},${hook + 24} q-2,22 ${n(4 + g)},34" stroke="#d8412f" stroke-width="6" stroke-linecap="round" fill="none"/>`,
      );
    }
  }
  return out;
}

/** A market stall `w` wide: posts, awning, hanging goods and a counter of crates. */
export function stall(
  rng: Rng,
  x: number,
  w: number,
  colors: readonly [string, string],
  goods: readonly Produce[],
): string {
  const out = [
    `<rect x="${x + 16}" y="${AWNING_TOP}" width="${w - 32}" height="${COUNTER - AWNING_TOP}" fill="url(#stallBack)"/>`,
    `<rect x="${x + 8}" y="${AWNING_TOP}" width="14" height="${960 - AWNING_TOP}" fill="#6b4536"/>`,
    `<rect x="${x + w - 22}" y="${AWNING_TOP}" width="14" height="${960 - AWNING_TOP}" fill="#6b4536"/>`,
    ...hangingGoods(x, w),
    awning(x, AWNING_TOP, w, AWNING_H, 9, colors, 18),
  ];
  const cw = (w - 40) / goods.length;
  goods.forEach((g, i) => {
    out.push(crate(rng, x + 20 + i * cw + 4, COUNTER - 50, cw - 8, 50, g, 12));
  });
  out.push(
    `<rect x="${x + 4}" y="${COUNTER}" width="${w - 8}" height="14" fill="#8a5a3e"/>`,
    `<rect x="${x + 12}" y="${COUNTER + 14}" width="${w - 24}" height="${970 - COUNTER - 14}" fill="#a86f47"/>`,
  );
  for (let p = 0; p < 4; p++) {
    out.push(
      `<rect x="${x + 12}" y="${COUNTER + 40 + p * 30}" width="${w - 24}" height="3" fill="#7f4f35" opacity="0.6"/>`,
    );
  }
  return out.join('');
}
