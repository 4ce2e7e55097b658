/** Every cover is drawn on this canvas; the encoder scales it down. */
export const W = 1200;
export const H = 1500;

export function coverSvg(
  defs: readonly string[],
  body: readonly string[],
): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
}
