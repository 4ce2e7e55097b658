import { type Rng } from './random.ts';
import { n, pts, type Pt } from './svg.ts';

/** A tree standing at `x` on the ground line `base`, `h` tall and `w` across at its widest. */
export interface Footprint {
  x: number;
  base: number;
  h: number;
  w: number;
}

/** A cypress flame, its right half in shadow. */
export function cypress(
  { x, base, h, w }: Footprint,
  fill: string,
  shade: string,
): string {
  const rightFlank = `M${n(x)},${n(base - h)} C${n(x + w * 0.55)},${n(base - h * 0.75)} ${n(x + w * 0.62)},${n(base - h * 0.2)} ${n(x + w * 0.2)},${n(base)}`;
  const d = `${rightFlank} L${n(x - w * 0.2)},${n(base)} C${n(x - w * 0.62)},${n(base - h * 0.2)} ${n(x - w * 0.55)},${n(base - h * 0.75)} ${n(x)},${n(base - h)} Z`;
  const s = `${rightFlank} L${n(x + w * 0.05)},${n(base)} C${n(x + w * 0.25)},${n(base - h * 0.3)} ${n(x + w * 0.2)},${n(base - h * 0.7)} ${n(x)},${n(base - h)} Z`;
  return `<path d="${d}" fill="${fill}"/><path d="${s}" fill="${shade}"/>`;
}

/**
 * A stylised pine: tiers of branches, its right half in shadow. Framing pines
 * that stand below the bottom edge of the picture leave out the trunk.
 */
export function pine(
  { x, base, h, w }: Footprint,
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
    // Out to the branch tip, then back in toward the trunk for the next tier.
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

/** A round-headed tree on a short trunk, shaded on the right. */
export function roundTree(
  rng: Rng,
  x: number,
  base: number,
  r: number,
  fill: string,
  shade: string,
): string {
  return [
    `<rect x="${n(x - r * 0.08)}" y="${n(base - r)}" width="${n(r * 0.16)}" height="${n(r)}" fill="#6b4b3e"/>`,
    `<circle cx="${n(x)}" cy="${n(base - r * 1.3)}" r="${n(r)}" fill="${fill}"/>`,
    `<circle cx="${n(x - r * 0.55)}" cy="${n(base - r * 1.0)}" r="${n(r * 0.7)}" fill="${fill}"/>`,
    `<circle cx="${n(x + r * 0.6)}" cy="${n(base - r * 1.05)}" r="${n(r * rng.range(0.6, 0.75))}" fill="${shade}"/>`,
  ].join('');
}
