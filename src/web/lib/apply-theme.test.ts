import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { defaultTheme } from '#engine/config-schema.ts';
import { applyTheme } from './apply-theme.ts';

const properties = {
  brand: '--color-brand',
  text: '--color-text',
  muted: '--color-muted',
  error: '--color-error',
  surface: '--color-surface',
  surfaceGray: '--color-surface-gray',
};

test("sets every theme colour on the element, the configuration's over the defaults", () => {
  const root = document.createElement('div');

  applyTheme(root, { brand: '#123456', surfaceGray: '#eeeeee' });

  expect(
    Object.fromEntries(
      Object.entries(properties).map(([key, property]) => [
        key,
        root.style.getPropertyValue(property),
      ]),
    ),
  ).toEqual({ ...defaultTheme, brand: '#123456', surfaceGray: '#eeeeee' });
});

test('the stylesheet reads every theme colour and defines none of them', () => {
  const stylesheet = readFileSync(
    join(import.meta.dirname, '../styles.css'),
    'utf8',
  );
  for (const property of Object.values(properties)) {
    expect(stylesheet).toContain(`var(${property})`);
    expect(stylesheet).not.toMatch(new RegExp(`${property}\\s*:`));
  }
});
