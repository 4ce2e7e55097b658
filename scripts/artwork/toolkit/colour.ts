import { at } from './array.ts';

function hexToRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Linear blend of two #rrggbb colours: shading, and haze toward the distance. */
export function mix(a: string, b: string, t: number): string {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  const out = ca.map((c, i) => Math.round(c + (at(cb, i) - c) * t));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
