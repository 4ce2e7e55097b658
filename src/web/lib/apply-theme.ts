import { defaultTheme, type WizardConfig } from '#engine/config-schema.ts';

/** `surfaceGray` → `--color-surface-gray`, the custom property styles.css reads. */
const propertyFor = (key: string) =>
  `--color-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/**
 * Sets the theme's colours, the configuration's over the defaults, as custom properties on an
 * element, normally the page's root before anything is rendered, so nothing paints in other colours.
 */
export function applyTheme(
  element: HTMLElement,
  theme: WizardConfig['theme'],
): void {
  for (const [key, fallback] of Object.entries(defaultTheme))
    element.style.setProperty(
      propertyFor(key),
      theme[key as keyof typeof defaultTheme] ?? fallback,
    );
}
