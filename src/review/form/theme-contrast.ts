import type { WizardConfig } from '#engine/config-schema.ts';
import {
  contrastRatio,
  defaultTheme,
  hexColourPattern,
  textContrastMin,
  themeColoursOf,
  themeContrastPairs,
  type ThemeColour,
  type ThemeKey,
} from '#engine/theme-colours.ts';

/** Each colour of the theme in words: what the wizard paints with it. */
export const themeColourWords: Record<ThemeKey, string> = {
  brand: 'Brand colour (buttons, the step bar, chosen answers)',
  text: 'Text colour',
  muted: 'Muted text colour (hints, notes)',
  error: 'Error colour (messages under questions)',
  surface: 'Background colour (behind each step)',
  surfaceGray: 'Grey background colour (behind a step set to grey)',
};

/** A colour as the sentence about a pair names it. */
const colourNames: Record<ThemeColour, string> = {
  brand: 'the brand colour',
  text: 'text',
  muted: 'muted text',
  error: 'error messages',
  surface: 'the background',
  surfaceGray: 'the grey background',
  white: 'white text',
};

const isHexColour = (value: string) => hexColourPattern.test(value);

/** A colour as the picker and the swatch show it: the form's when it is a colour, else the default. */
export function shownColour(theme: WizardConfig['theme'], key: ThemeKey) {
  const value = theme[key];
  return value !== undefined && isHexColour(value) ? value : defaultTheme[key];
}

/** The colour the wizard paints, in words beside its swatch. */
export function shownColourWords(
  theme: WizardConfig['theme'],
  key: ThemeKey,
): string {
  const shown = shownColour(theme, key);
  const value = theme[key];
  if (value === undefined) return `${shown}, the default`;
  return shown === value
    ? shown
    : `${shown}, the default, until the value above is a colour like #0b5d66`;
}

export type ContrastCheck = {
  /** The pair in words: "Muted text on the grey background". */
  pair: string;
  /** Null while one of the two is not a colour yet (being typed). */
  ratio: number | null;
  passes: boolean;
};

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The contrast of every text-and-background pair a colour takes part in, with the theme's colours
 * over the defaults; white text sits on the brand colour.
 */
export function contrastChecksOf(
  theme: WizardConfig['theme'],
  key: ThemeKey,
): ContrastCheck[] {
  const colours = themeColoursOf(theme);
  return themeContrastPairs
    .filter((pair) => pair.includes(key))
    .map(([foreground, background]) => {
      const [first, second] = [colours[foreground], colours[background]];
      const ratio =
        isHexColour(first) && isHexColour(second)
          ? contrastRatio(first, second)
          : null;
      return {
        pair:
          background === 'white'
            ? `White text on ${colourNames[foreground]}`
            : sentence(
                `${colourNames[foreground]} on ${colourNames[background]}`,
              ),
        ratio,
        passes: ratio !== null && ratio >= textContrastMin,
      };
    });
}

/** A ratio as the form's check writes it in its problems: two decimals. */
export const formatRatio = (ratio: number) => `${ratio.toFixed(2)}:1`;
