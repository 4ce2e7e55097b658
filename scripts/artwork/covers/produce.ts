import { at } from '../toolkit/array.ts';
import { mix } from '../toolkit/colour.ts';
import { type Rng } from '../toolkit/random.ts';
import { n } from '../toolkit/svg.ts';

type RoundFruit = 'orange' | 'lemon' | 'tomato' | 'apple' | 'lime' | 'peach';
export type Produce = RoundFruit | 'greens' | 'aubergine' | 'grapes';

/** Body colour, then the highlight on its upper left. */
const FRUIT_COLOURS: Record<RoundFruit, readonly [string, string]> = {
  orange: ['#f18f2c', '#f8b45a'],
  lemon: ['#f2cf3f', '#f9e27c'],
  tomato: ['#d8412f', '#ec6a55'],
  apple: ['#c7363c', '#e8605c'],
  lime: ['#7fae3a', '#a7cc5e'],
  peach: ['#f3a072', '#f9c29a'],
};

/** Where produce is heaped: above `top`, across `w` from `x`; `r` is the size of one piece. */
interface Bed {
  x: number;
  top: number;
  w: number;
  r: number;
}

/** Three rows, each one piece shorter than the row under it. */
function pile(count: number, piece: (row: number, i: number) => string) {
  const out: string[] = [];
  for (let row = 0; row < 3; row++) {
    for (let i = 0; i < count - row; i++) out.push(piece(row, i));
  }
  return out;
}

/** Leaves spread across the whole bed, each tilted at random. */
function greens(rng: Rng, { x, top, w, r }: Bed): string[] {
  const cols = ['#4f8a3c', '#6ea447', '#3e7336', '#86b85a'];
  const count = Math.round(w / (r * 0.8));
  return pile(count, (row, i) => {
    const cx =
      x +
      r * 0.6 +
      row * r * 0.4 +
      ((w - r * 1.2 - row * r * 0.8) * i) / Math.max(1, count - row - 1) +
      rng.range(-r * 0.2, r * 0.2);
    const cy = top - r * 0.2 - row * r * 0.75 - rng.range(0, r * 0.3);
    const a = rng.range(-35, 35);
    const ry = r * rng.range(0.9, 1.2);
    return `<g transform="rotate(${n(a)} ${n(cx)} ${n(cy)})"><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r * 0.62)}" ry="${n(ry)}" fill="${rng.pick(cols)}"/><path d="M${n(cx)},${n(cy + ry * 0.9)} L${n(cx)},${n(cy - ry * 0.6)}" stroke="#c4e09a" stroke-width="${n(r * 0.1)}" opacity="0.6"/></g>`;
  });
}

function aubergines(rng: Rng, { x, top, w, r }: Bed): string[] {
  const count = Math.round(w / (r * 1.1));
  return pile(count, (row, i) => {
    const cx =
      x +
      r * 0.7 +
      row * r * 0.5 +
      ((w - r * 1.4) * i) / Math.max(1, count - 1);
    const cy = top - r * 0.35 - row * r * 0.8;
    const a = rng.range(-40, 40);
    return `<g transform="rotate(${n(a)} ${n(cx)} ${n(cy)})"><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r * 0.5)}" ry="${n(r * 0.95)}" fill="#5a2d63"/><ellipse cx="${n(cx - r * 0.15)}" cy="${n(cy - r * 0.1)}" rx="${n(r * 0.12)}" ry="${n(r * 0.45)}" fill="#8a5a93"/><path d="M${n(cx - r * 0.3)},${n(cy - r * 0.8)} L${n(cx)},${n(cy - r * 1.15)} L${n(cx + r * 0.3)},${n(cy - r * 0.8)} Z" fill="#5e8a3a"/></g>`;
  });
}

/** Bunches of black and white grapes, alternating. */
function grapes({ x, top, w, r }: Bed): string[] {
  const out: string[] = [];
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
  return out;
}

/** A pyramid of round fruit, stalks on tomatoes and apples and a leaf on some oranges. */
function roundFruit(rng: Rng, kind: RoundFruit, bed: Bed): string[] {
  const { x, top, w, r } = bed;
  const out: string[] = [];
  const [base, light] = FRUIT_COLOURS[kind];
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
  return out;
}

function heap(rng: Rng, kind: Produce, bed: Bed): string[] {
  switch (kind) {
    case 'greens':
      return greens(rng, bed);
    case 'aubergine':
      return aubergines(rng, bed);
    case 'grapes':
      return grapes(bed);
    default:
      return roundFruit(rng, kind, bed);
  }
}

/** A slatted wooden crate with its produce heaped above the rim. */
export function crate(
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
    ...heap(rng, kind, { x: x + w * 0.03, top: top + r * 0.4, w: w * 0.94, r }),
    `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" fill="${wood}"/>`,
  ];
  const slats = Math.max(2, Math.round(h / 34));
  for (let s = 1; s < slats; s++) {
    out.push(
      `<rect x="${n(x)}" y="${n(top + (h * s) / slats - 2)}" width="${n(w)}" height="${n(Math.max(2, h * 0.05))}" fill="${dark}" opacity="0.55"/>`,
    );
  }
  out.push(
    `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(Math.max(3, h * 0.08))}" fill="${mix(wood, '#ffffff', 0.25)}"/>`,
    `<rect x="${n(x)}" y="${n(top)}" width="${n(w * 0.06)}" height="${n(h)}" fill="${dark}" opacity="0.5"/>`,
    `<rect x="${n(x + w * 0.94)}" y="${n(top)}" width="${n(w * 0.06)}" height="${n(h)}" fill="${dark}" opacity="0.5"/>`,
  );
  return out.join('');
}
