// The page's default colours, set as CSS custom properties before the first render; a theme overrides them one by one.
export const defaultTheme = {
  brand: '#0b5d66',
  text: '#1c2529',
  muted: '#56636a',
  error: '#b42318',
  surface: '#ffffff',
  surfaceGray: '#f2f4f5',
};

export type ThemeKey = keyof typeof defaultTheme;

/** A colour of the theme, or the white of the text on the brand colour. */
export type ThemeColour = ThemeKey | 'white';

/** The only form a theme's colour takes: `#rrggbb`. */
export const hexColourPattern = /^#[0-9a-fA-F]{6}$/;

/** WCAG AA's least contrast for text of normal size, the one a theme must meet. */
export const textContrastMin = 4.5;

/** The text colours and their backgrounds that must meet `textContrastMin`; white text sits on the brand colour. */
export const themeContrastPairs: ReadonlyArray<[ThemeColour, ThemeColour]> = [
  ['brand', 'white'],
  ['brand', 'surfaceGray'],
  ['text', 'surface'],
  ['text', 'surfaceGray'],
  ['muted', 'surface'],
  ['muted', 'surfaceGray'],
  ['error', 'surface'],
  ['error', 'surfaceGray'],
];

/** Every colour the page paints with: the theme's over the defaults, and white. */
export const themeColoursOf = (
  theme: Partial<Record<ThemeKey, string>>,
): Record<ThemeColour, string> => ({
  ...defaultTheme,
  ...theme,
  white: '#ffffff',
});

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  const [red = 0, green = 0, blue = 0] = channels;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [
    relativeLuminance(first),
    relativeLuminance(second),
  ].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}
