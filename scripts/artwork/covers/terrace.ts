import { RAMPS } from '../scene-data.ts';
import { H, W } from '../toolkit/canvas.ts';
import { linearY } from '../toolkit/gradients.ts';
import { type Rng } from '../toolkit/random.ts';
import { n, pts } from '../toolkit/svg.ts';
import { cypress } from '../toolkit/trees.ts';

const ramps = RAMPS.terrace;

export function terraceGradients(): string[] {
  return [linearY('wall', ramps.wall, 1400, H)];
}

/** Three courses of stone, each offset by half a block from the one above. */
function stonework(): string {
  const blocks: string[] = [];
  for (let r = 0; r < 3; r++) {
    const y = 1416 + r * 30;
    for (let x = (r % 2) * -45; x < W; x += 90)
      blocks.push(`<path d="M${x},${y} v30"/>`);
    blocks.push(`<path d="M0,${y + 30} h${W}"/>`);
  }
  return `<g stroke="#c2a27c" stroke-width="2" opacity="0.7">${blocks.join('')}</g>`;
}

function flowerPot(rng: Rng, px: number): string {
  const out = [
    `<polygon points="${pts([
      [px - 20, 1350],
      [px + 20, 1350],
      [px + 26, 1392],
      [px - 26, 1392],
    ])}" fill="#c4633f"/>`,
    `<rect x="${px - 28}" y="1344" width="56" height="10" fill="#a9503a"/>`,
    `<circle cx="${px}" cy="1322" r="28" fill="#4f7f46"/>`,
    `<circle cx="${px - 22}" cy="1334" r="18" fill="#5d8f50"/>`,
    `<circle cx="${px + 22}" cy="1336" r="18" fill="#44703e"/>`,
  ];
  for (let k = 0; k < 9; k++) {
    out.push(
      `<circle cx="${n(px + rng.range(-34, 34))}" cy="${n(1326 + rng.range(-24, 14))}" r="${n(rng.range(5, 8))}" fill="${rng.pick(['#e2466f', '#f05d5e', '#f58bb4'])}"/>`,
    );
  }
  return out.join('');
}

/** The viewpoint: a terrace wall with flower pots, framed by tall cypresses. */
export function terrace(rng: Rng): string {
  return [
    cypress({ x: 64, base: H, h: 960, w: 126 }, '#2f5d49', '#244a3b'),
    cypress({ x: 176, base: H, h: 700, w: 100 }, '#3a6b52', '#2c5643'),
    cypress({ x: 1130, base: H, h: 840, w: 120 }, '#2f5d49', '#244a3b'),
    `<rect y="1404" width="${W}" height="${H - 1404}" fill="url(#wall)"/>`,
    `<rect y="1392" width="${W}" height="18" fill="#f6ead3"/>`,
    `<rect y="1410" width="${W}" height="6" fill="#b99a74" opacity="0.5"/>`,
    stonework(),
    [300, 560, 820].map((px) => flowerPot(rng, px)).join(''),
  ].join('');
}
