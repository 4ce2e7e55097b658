import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { defaultTheme } from '#engine/theme-colours.ts';
import { themeStylesheet } from './theme.ts';

const properties = {
  brand: '--color-brand',
  text: '--color-text',
  muted: '--color-muted',
  error: '--color-error',
  surface: '--color-surface',
  surfaceGray: '--color-surface-gray',
};

test("declares every theme colour on the root, the configuration's over the defaults", () => {
  const stylesheet = themeStylesheet({
    brand: '#123456',
    surfaceGray: '#eeeeee',
  });

  expect(stylesheet).toMatch(/^:root\{[^{}]*\}$/);
  expect(
    Object.fromEntries(
      Object.entries(properties).map(([key, property]) => [
        key,
        new RegExp(`${property}:(#[0-9a-f]{6})`).exec(stylesheet)?.[1],
      ]),
    ),
  ).toEqual({ ...defaultTheme, brand: '#123456', surfaceGray: '#eeeeee' });
});

test('the stylesheet reads every theme colour and defines none of them', () => {
  const stylesheet = readFileSync(
    join(import.meta.dirname, '../web/styles.css'),
    'utf8',
  );
  for (const property of Object.values(properties)) {
    expect(stylesheet).toContain(`var(${property})`);
    expect(stylesheet).not.toMatch(new RegExp(`${property}\\s*:`));
  }
});
