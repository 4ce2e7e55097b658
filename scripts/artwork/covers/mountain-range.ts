import { OUTLINES } from '../scene-data.ts';
import { at } from '../toolkit/array.ts';
import { W } from '../toolkit/canvas.ts';
import { ridge, silhouette } from '../toolkit/paths.ts';
import { type Rng } from '../toolkit/random.ts';
import { polyline, type Pt } from '../toolkit/svg.ts';

const outlines = OUTLINES.mountainRange;

interface Range {
  /** The summits and valleys; the ridge wanders between them. */
  keys: readonly Pt[];
  roughness: number;
  curved: boolean;
  fill: string;
  /** Colour and opacity of the shadowed flanks. */
  facet: string;
  facetOpacity: number;
  /** Everything above this rough line is snow. */
  snowLine?: readonly Pt[];
}

/** Far to near: each range lower, darker and less rugged than the one behind it. */
const RANGES: readonly Range[] = [
  {
    keys: outlines.far,
    roughness: 30,
    curved: false,
    fill: '#aab2d4',
    facet: '#6c76a6',
    facetOpacity: 0.42,
    snowLine: outlines.snowLine,
  },
  {
    keys: outlines.middle,
    roughness: 20,
    curved: false,
    fill: '#8390bb',
    facet: '#56608f',
    facetOpacity: 0.35,
  },
  {
    keys: outlines.near,
    roughness: 14,
    curved: true,
    fill: '#5f7c9c',
    facet: '#3f5878',
    facetOpacity: 0.3,
  },
];

/** How far the shadow's left edge leans from the summit toward the next valley. */
const LEAN = 0.22;

/**
 * Shadow planes for the main summits: each covers the right-hand flank from
 * the summit to the next key valley, bounded on the left by a slightly
 * wandering "spine" that runs from the summit down to the floor.
 */
function keyFacets(
  rng: Rng,
  line: readonly Pt[],
  floor: number,
  { keys, facet, facetOpacity }: Range,
): string {
  const shapes: string[] = [];
  for (let k = 1; k < keys.length - 1; k++) {
    const peak = at(keys, k);
    const valley = at(keys, k + 1);
    if (!(peak[1] < at(keys, k - 1)[1] && peak[1] < valley[1])) continue;
    const flank = line.filter(([x]) => x >= peak[0] && x <= valley[0]);
    const spine: Pt[] = [];
    const steps = 6;
    for (let i = steps; i >= 1; i--) {
      const t = i / steps;
      const jitter = i === steps ? 0 : rng.range(-10, 10);
      spine.push([
        peak[0] + (valley[0] - peak[0]) * LEAN * t + jitter,
        peak[1] + (floor - peak[1]) * t,
      ]);
    }
    shapes.push(
      `<path d="${polyline([...flank, [peak[0] + (valley[0] - peak[0]) * 0.8, floor], ...spine])} Z"/>`,
    );
  }
  return `<g fill="${facet}" opacity="${facetOpacity}">${shapes.join('')}</g>`;
}

function range(rng: Rng, floor: number, spec: Range, index: number): string {
  const line = ridge(rng, spec.keys, spec.roughness, 5, 0.5);
  const d = silhouette(line, floor, spec.curved);
  const mass = `<path d="${d}" fill="${spec.fill}"/>`;
  if (spec.snowLine === undefined) {
    return mass + keyFacets(rng, line, floor, spec);
  }
  // Snow and shadows are clipped to the range, so the snow line can be drawn as a plain band.
  const snow = ridge(rng, spec.snowLine, 30, 5, 0.6);
  const clip = `r${index + 1}clip`;
  return `${mass}<clipPath id="${clip}"><path d="${d}"/></clipPath><g clip-path="url(#${clip})"><path d="${silhouette(snow, 0)}" fill="#fbf7f4"/>${keyFacets(rng, line, floor, spec)}</g>`;
}

/** The forested far shore: a serrated treeline on a gently wavy bank. */
function treeline(rng: Rng, floor: number): string {
  const shore: Pt[] = [];
  for (let x = -20; x <= W + 20; x += 14) {
    const base = 790 + Math.sin(x / 170) * 12 + Math.sin(x / 61) * 5;
    shore.push([x - 7, base], [x, base - rng.range(12, 30)]);
  }
  return `<path d="${polyline(shore)} L${W + 20},${floor} L-20,${floor} Z" fill="#3d6466"/>`;
}

/** The ranges and the far shore, far to near, standing on `floor`. */
export function mountainRanges(rng: Rng, floor: number): string {
  return (
    RANGES.map((spec, index) => range(rng, floor, spec, index)).join('') +
    treeline(rng, floor)
  );
}
