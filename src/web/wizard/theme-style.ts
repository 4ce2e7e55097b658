import type { CSSProperties } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';

const themeProperties = {
  brand: '--color-brand',
  text: '--color-text',
  muted: '--color-muted',
  error: '--color-error',
  surface: '--color-surface',
  surfaceGray: '--color-surface-gray',
} as const;

/** The configuration's colours as the custom properties the stylesheet reads. */
export function themeStyle(theme: WizardConfig['theme']): CSSProperties {
  return Object.fromEntries(
    Object.entries(themeProperties).flatMap(([key, property]) => {
      const colour = theme[key as keyof typeof themeProperties];
      return colour ? [[property, colour]] : [];
    }),
  );
}
