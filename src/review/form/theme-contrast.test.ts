import { expect, test } from 'vitest';
import {
  contrastChecksOf,
  formatRatio,
  shownColour,
  shownColourWords,
} from './theme-contrast.ts';

test('the brand colour is checked with white text on it and on the grey background', () => {
  const checks = contrastChecksOf({ brand: '#0b5d66' }, 'brand');
  expect(checks.map((check) => check.pair)).toEqual([
    'White text on the brand colour',
    'The brand colour on the grey background',
  ]);
  expect(checks.every((check) => check.passes)).toBe(true);
  expect(formatRatio(checks[0]?.ratio ?? 0)).toBe('7.58:1');
});

test('a light brand colour fails with white text, as the form’s own check refuses it', () => {
  const [onWhite] = contrastChecksOf({ brand: '#7dd3fc' }, 'brand');
  expect(onWhite?.passes).toBe(false);
  expect(formatRatio(onWhite?.ratio ?? 0)).toBe('1.67:1');
});

test('a background lists every text that sits on it, the theme over the defaults', () => {
  const checks = contrastChecksOf({ surface: '#333333' }, 'surface');
  expect(checks.map((check) => check.pair)).toEqual([
    'Text on the background',
    'Muted text on the background',
    'Error messages on the background',
  ]);
  expect(checks.map((check) => check.passes)).toEqual([false, false, false]);
});

test('a colour half typed has no ratio, fails, and the swatch keeps the default', () => {
  const [check] = contrastChecksOf({ text: '#1c2' }, 'text');
  expect(check).toMatchObject({ ratio: null, passes: false });
  expect(shownColour({ text: '#1c2' }, 'text')).toBe('#1c2529');
  expect(shownColour({ text: '#000000' }, 'text')).toBe('#000000');
  expect(shownColourWords({ text: '#1c2' }, 'text')).toBe(
    '#1c2529, the default, until the value above is a colour like #0b5d66',
  );
  expect(shownColourWords({}, 'text')).toBe('#1c2529, the default');
  expect(shownColourWords({ text: '#000000' }, 'text')).toBe('#000000');
});
