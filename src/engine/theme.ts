import type { WizardConfig } from './config-schema.ts';
import { defaultTheme } from './theme-colours.ts';

/** `surfaceGray` → `--color-surface-gray`, the custom property styles.css reads. */
const propertyFor = (key: string) =>
  `--color-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/**
 * The theme's colours, the configuration's over the defaults, as custom properties on the page's
 * root. The server writes them into the page's head so nothing ever paints in other colours; the
 * schema allows only `#rrggbb` values, so nothing here can end the style element.
 */
export function themeStylesheet(theme: WizardConfig['theme']): string {
  const declarations = Object.entries(defaultTheme).map(
    ([key, fallback]) =>
      `${propertyFor(key)}:${theme[key as keyof typeof defaultTheme] ?? fallback}`,
  );
  return `:root{${declarations.join(';')}}`;
}
