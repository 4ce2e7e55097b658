import { RAMPS } from '../scene-data.ts';
import { linearX, radial } from '../toolkit/gradients.ts';
import { n, pts, type Pt } from '../toolkit/svg.ts';

const ramps = RAMPS.lighthouse;

const LAMP: Pt = [958, 392];
/** The clifftop the lighthouse and the keeper's cottage stand on. */
const BASE = 672;
const TOP = 430;

/** The beam sweeps out to sea, away from the lamp and toward the setting sun. */
export function lighthouseGradients(): string[] {
  return [
    radial('lampGlow', ramps.lampGlow, LAMP[0], LAMP[1], 120),
    linearX('beam', ramps.beam, LAMP[0], 560),
  ];
}

function beam(): string {
  return `<polygon points="${pts([LAMP, [560, 300], [560, 470]])}" fill="url(#beam)"/><circle cx="${LAMP[0]}" cy="${LAMP[1]}" r="120" fill="url(#lampGlow)"/>`;
}

function tower(): string {
  const [lx] = LAMP;
  const outline: Pt[] = [
    [lx - 34, BASE],
    [lx - 23, TOP],
    [lx + 23, TOP],
    [lx + 34, BASE],
  ];
  const band = (from: number) =>
    `<rect x="${lx - 40}" y="${n(BASE - from * (BASE - TOP))}" width="80" height="${n(0.18 * (BASE - TOP))}" fill="#c8473c"/>`;
  return [
    `<clipPath id="towerClip"><polygon points="${pts(outline)}"/></clipPath>`,
    `<polygon points="${pts(outline)}" fill="#fbf3e6"/>`,
    `<g clip-path="url(#towerClip)">${band(0.3)}${band(0.72)}<rect x="${lx + 4}" y="${TOP}" width="40" height="${BASE - TOP}" fill="#5b3149" opacity="0.16"/></g>`,
    `<rect x="${lx - 7}" y="${BASE - 38}" width="14" height="26" rx="7" fill="#3b3340"/>`,
    `<rect x="${lx - 32}" y="${TOP - 10}" width="64" height="10" rx="2" fill="#343845"/>`,
    `<g stroke="#343845" stroke-width="2.5"><path d="M${lx - 28},${TOP - 10} v-12 h56 v12"/></g>`,
    `<rect x="${lx - 19}" y="${TOP - 48}" width="38" height="38" fill="#ffe28e"/>`,
    `<g stroke="#343845" stroke-width="3"><path d="M${lx - 6},${TOP - 48} v38 M${lx + 7},${TOP - 48} v38"/></g>`,
    `<path d="M${lx - 25},${TOP - 46} Q${lx},${TOP - 82} ${lx + 25},${TOP - 46} Z" fill="#c8473c"/>`,
    `<rect x="${lx - 2}" y="${TOP - 92}" width="4" height="14" fill="#343845"/>`,
  ].join('');
}

function cottage(): string {
  const cx = 1040;
  return [
    `<rect x="${cx}" y="${BASE - 50}" width="100" height="52" fill="#f4ead9"/>`,
    `<rect x="${cx + 70}" y="${BASE - 50}" width="30" height="52" fill="#5b3149" opacity="0.14"/>`,
    `<polygon points="${pts([
      [cx - 8, BASE - 48],
      [cx + 20, BASE - 78],
      [cx + 90, BASE - 78],
      [cx + 108, BASE - 48],
    ])}" fill="#b5483e"/>`,
    `<rect x="${cx + 78}" y="${BASE - 92}" width="12" height="20" fill="#8a3a34"/>`,
    `<g fill="#ffd98a"><rect x="${cx + 14}" y="${BASE - 36}" width="14" height="16"/><rect x="${cx + 48}" y="${BASE - 36}" width="14" height="16"/></g>`,
  ].join('');
}

/** The lighthouse with its beam, and the keeper's cottage beside it. */
export function lighthouse(): string {
  return beam() + tower() + cottage();
}
