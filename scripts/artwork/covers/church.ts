import { mix } from '../toolkit/colour.ts';
import { pts } from '../toolkit/svg.ts';

/** The church stands on the summit, so its foot is hidden behind the first row of houses. */
const FOOT = 620;

function nave(x: number, hazeColor: string): string {
  const haze = (colour: string) => mix(colour, hazeColor, 0.15);
  return [
    `<rect x="${x + 40}" y="${FOOT - 92}" width="150" height="100" fill="${haze('#f5e6cb')}"/>`,
    `<rect x="${x + 150}" y="${FOOT - 92}" width="40" height="100" fill="${haze('#d9c2a2')}"/>`,
    `<polygon points="${pts([
      [x + 34, FOOT - 90],
      [x + 60, FOOT - 130],
      [x + 180, FOOT - 130],
      [x + 196, FOOT - 90],
    ])}" fill="${haze('#b4513c')}"/>`,
    `<rect x="${x + 80}" y="${FOOT - 74}" width="22" height="40" rx="11" fill="#5a4656"/>`,
    `<rect x="${x + 118}" y="${FOOT - 74}" width="22" height="40" rx="11" fill="#5a4656"/>`,
  ].join('');
}

/** Bell tower with the belfry opening, its bell and a clock face. */
function tower(x: number): string {
  return [
    `<rect x="${x - 30}" y="${FOOT - 300}" width="72" height="310" fill="#f7ead3"/>`,
    `<rect x="${x + 22}" y="${FOOT - 300}" width="20" height="310" fill="#dcc6a6"/>`,
    `<rect x="${x - 36}" y="${FOOT - 306}" width="84" height="10" fill="#e3cfb0"/>`,
    `<rect x="${x - 36}" y="${FOOT - 190}" width="84" height="8" fill="#e3cfb0"/>`,
    `<rect x="${x - 14}" y="${FOOT - 280}" width="34" height="62" rx="17" fill="#4d3b4b"/>`,
    `<circle cx="${x + 3}" cy="${FOOT - 236}" r="9" fill="#c9973e"/>`,
    `<circle cx="${x + 6}" cy="${FOOT - 150}" r="16" fill="#fbf3e4" stroke="#c9a77a" stroke-width="4"/>`,
    `<path d="M${x + 6},${FOOT - 160} v10 l6,4" stroke="#6a5560" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  ].join('');
}

/** Octagonal drum, dome and cross on top of the tower. */
function dome(x: number): string {
  return [
    `<rect x="${x - 22}" y="${FOOT - 340}" width="56" height="36" fill="#f4e3c6"/>`,
    `<rect x="${x + 18}" y="${FOOT - 340}" width="16" height="36" fill="#dcc6a6"/>`,
    `<path d="M${x - 28},${FOOT - 338} Q${x - 26},${FOOT - 400} ${x + 6},${FOOT - 414} Q${x + 38},${FOOT - 400} ${x + 40},${FOOT - 338} Z" fill="#c4633f"/>`,
    `<path d="M${x + 6},${FOOT - 414} Q${x + 38},${FOOT - 400} ${x + 40},${FOOT - 338} L${x + 18},${FOOT - 338} Q${x + 20},${FOOT - 390} ${x + 6},${FOOT - 414} Z" fill="#9e4635"/>`,
    `<path d="M${x + 6},${FOOT - 414} v-30 M${x - 4},${FOOT - 432} h20" stroke="#6a5560" stroke-width="4" stroke-linecap="round"/>`,
  ].join('');
}

/**
 * The domed church crowning the old town; `x` is the tower's left edge, the
 * nave extends to its right.
 */
export function church(x: number, hazeColor: string): string {
  return nave(x, hazeColor) + tower(x) + dome(x);
}
