/** Drawn at its display size (200×48) and shipped as SVG, so it stays sharp at any zoom. */
export const LOGO = { width: 200, height: 48, alt: 'Visit Aldmere Coast' };

export function logoSvg(): string {
  const teal = '#0b5d66';
  const font = `system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO.width}" height="${LOGO.height}" viewBox="0 0 ${LOGO.width} ${LOGO.height}" role="img" aria-labelledby="logo-title">`,
    `<title id="logo-title">${LOGO.alt}</title>`,
    `<defs><clipPath id="logo-disc"><circle cx="24" cy="24" r="21"/></clipPath></defs>`,
    `<circle cx="24" cy="24" r="21" fill="${teal}"/>`,
    `<g clip-path="url(#logo-disc)">`,
    `<circle cx="24" cy="27" r="9" fill="#f4b860"/>`,
    `<path d="M13 14.5l2.2 2.2M24 10v3.2M35 14.5l-2.2 2.2" stroke="#f4b860" stroke-width="2.2" stroke-linecap="round"/>`,
    `<path d="M0 29.5q6-3.5 12 0t12 0 12 0 12 0V48H0z" fill="#ffffff"/>`,
    `<path d="M0 36q6-3.5 12 0t12 0 12 0 12 0V48H0z" fill="#7cc6c4"/>`,
    `</g>`,
    `<text x="54" y="18" fill="${teal}" font-family="${font}" font-size="10.5" font-weight="600" letter-spacing="2.4">VISIT</text>`,
    `<text x="53" y="38" fill="${teal}" font-family="${font}" font-size="19" font-weight="700" textLength="143" lengthAdjust="spacingAndGlyphs">Aldmere Coast</text>`,
    `</svg>`,
  ].join('');
}
