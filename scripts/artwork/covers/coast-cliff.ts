import { OUTLINES, RAMPS } from '../scene-data.ts';
import { H, W } from '../toolkit/canvas.ts';
import { linearY } from '../toolkit/gradients.ts';
import { band, ridge, ridgeDown, silhouette } from '../toolkit/paths.ts';
import { type Rng } from '../toolkit/random.ts';
import { n, polyline, pts, type Pt } from '../toolkit/svg.ts';

const ramps = RAMPS.coastCliff;
const outlines = OUTLINES.coastCliff;

const FOAM_AT_FOOT =
  '<path d="M506,1420 q30,-12 62,-2 M560,1300 q24,-8 48,0 M610,1190 q20,-8 40,2 M660,1110 q18,-6 34,0" fill="none" stroke="#e9f3ea" stroke-width="5" stroke-linecap="round" opacity="0.55"/>';

export function cliffGradients(): string[] {
  return [
    linearY('cliff', ramps.cliff, 640, H),
    linearY('cliffShade', ramps.cliffShade, 640, H),
  ];
}

/** Rock columns on the shadowed face, a little wider at the foot. */
function columns(rng: Rng): string[] {
  const out: string[] = [];
  for (let i = 0; i < 4; i++) {
    const x0 = 950 + i * 66 + rng.range(-10, 10);
    const w0 = rng.range(22, 34);
    const leftEdge = ridgeDown(
      rng,
      [
        [x0, 690],
        [x0 - rng.range(20, 50), H + 10],
      ],
      10,
      3,
    );
    const rightEdge = leftEdge
      .map(([x, y]): Pt => [x + w0 + ((y - 690) / (H - 690)) * 16, y])
      .reverse();
    out.push(`<polygon points="${pts([...leftEdge, ...rightEdge])}"/>`);
  }
  return out;
}

/** The headland under the lighthouse: a sunlit slope facing the sun and a shadowed face toward us. */
export function coastCliff(rng: Rng): string {
  const body: string[] = [];
  const cliffTop = ridge(rng, outlines.top, 9, 4, 0.5);
  const cliffD = silhouette(cliffTop, H);
  body.push(`<clipPath id="cliffClip"><path d="${cliffD}"/></clipPath>`);
  body.push(`<path d="${cliffD}" fill="url(#cliff)"/>`);
  const edge = ridgeDown(rng, outlines.shadowEdge, 16, 4, 0.55);
  const faceD = `${polyline(edge)} L${W + 10},${H + 10} L${W + 10},650 Z`;
  const ledges: string[] = [];
  for (let i = 0; i < 9; i++) {
    const y = 800 + i * 84 + rng.range(-16, 16);
    ledges.push(
      `<path d="M520,${n(y + 40)} L${n(860 - i * 8)},${n(y)} L${W},${n(y - 6 + rng.range(-8, 8))}" stroke-width="${n(rng.range(4, 8))}"/>`,
    );
  }
  // The ledges are drawn twice: lit on the slope, and again in shadow over the face.
  body.push(
    `<g clip-path="url(#cliffClip)"><g fill="none" stroke="#a8625f" opacity="0.35">${ledges.join('')}</g><path d="${faceD}" fill="url(#cliffShade)"/><g fill="none" stroke="#3f2940" opacity="0.22">${ledges.join('')}</g><g fill="#3a243b" opacity="0.14">${columns(rng).join('')}</g></g>`,
  );
  const grass = cliffTop.filter(([x]) => x >= 800);
  body.push(
    `<path d="${band(grass, ([x, y]) => [x, y + 14 + Math.max(0, 920 - x) * 0.12 + rng.range(0, 8)])}" fill="#5f7f4c"/>`,
  );
  body.push(
    `<path d="${band(grass, ([x, y]) => [x, y + 7])}" fill="#8aa35b"/>`,
  );
  body.push(FOAM_AT_FOOT);
  return body.join('');
}
