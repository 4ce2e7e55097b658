import { expect, test } from 'vitest';
import { countryNameOf } from './country-names.ts';

test('names a country in English unless told, and in the language it is told', () => {
  expect(countryNameOf('GB')).toBe('United Kingdom');
  expect(countryNameOf('DE', 'de')).toBe('Deutschland');
});

test('gives back a code no country has, as it came', () => {
  expect(countryNameOf('XX')).toBe('XX');
  expect(countryNameOf('not a code')).toBe('not a code');
});
