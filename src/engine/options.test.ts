import { expect, test } from 'vitest';
import { callingCodeOptionsIn } from './calling-codes.ts';
import { resolveOptions } from './options.ts';

test('names the countries in the language read and sorts them by its alphabet', () => {
  const german = resolveOptions('countries', 'de');
  expect(german.find((option) => option.value === 'DE')?.name).toBe(
    'Deutschland',
  );
  expect(german.find((option) => option.value === 'GB')?.name).toBe(
    'Vereinigtes Königreich',
  );
  const names = german.map((option) => option.name);
  expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
  // Ägypten sorts among the A's in German, not after Z.
  expect(names.indexOf('Ägypten')).toBeLessThan(names.indexOf('Belgien'));
});

test('keeps the shipped English list, in its order, for English and an unsaid language', () => {
  const english = resolveOptions('countries', 'en-GB');
  expect(english).toBe(resolveOptions('countries', undefined));
  expect(english[0]).toEqual({ name: 'United States', value: 'US' });
});

test('names the same countries with the same values in every language', () => {
  const values = (lang: string) =>
    resolveOptions('countries', lang)
      .map((option) => option.value)
      .sort();
  expect(values('ar')).toEqual(values('en'));
  expect(
    resolveOptions('countries', 'ar').find((o) => o.value === 'EG')?.name,
  ).toBe('مصر');
});

test('names calling codes in the language, keeping each value and code', () => {
  const german = callingCodeOptionsIn('de');
  expect(german.find((option) => option.value === 'DE:49')?.name).toBe(
    'Deutschland +49',
  );
  expect(german).toHaveLength(callingCodeOptionsIn('en').length);
  expect(callingCodeOptionsIn('de')).toBe(german);
});
