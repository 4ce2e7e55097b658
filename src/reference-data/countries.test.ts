import { describe, expect, test } from 'vitest';
import { countries, sharedCallingCodeDefaults } from './countries.ts';

function byIsoCode2(isoCode2: string) {
  const match = countries.find((c) => c.isoCode2 === isoCode2);
  if (match === undefined) throw new Error(`${isoCode2} is missing`);
  return match;
}

describe('countries', () => {
  test('lists about 240 to 250 countries with United States first', () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries.length).toBeLessThanOrEqual(250);
    expect(countries[0]).toEqual({
      country: 'United States',
      countryCodes: ['1'],
      isoCode2: 'US',
      isoCode3: 'USA',
    });
  });

  test('sorts every country after the first by English name', () => {
    const names = countries.slice(1).map((c) => c.country);
    const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
    expect(names).toEqual(sorted);
  });

  test('gives every country a unique ISO 2 and ISO 3 code', () => {
    const iso2 = countries.map((c) => c.isoCode2);
    const iso3 = countries.map((c) => c.isoCode3);
    expect(new Set(iso2).size).toBe(countries.length);
    expect(new Set(iso3).size).toBe(countries.length);
    for (const c of countries) {
      expect(c.isoCode2).toMatch(/^[A-Z]{2}$/);
      expect(c.isoCode3).toMatch(/^[A-Z]{3}$/);
    }
  });

  test('gives every country a unique name', () => {
    const names = countries.map((c) => c.country);
    expect(new Set(names).size).toBe(countries.length);
  });

  test('uses short common names rather than official ones', () => {
    const names = new Map(countries.map((c) => [c.isoCode2, c.country]));
    expect(names.get('GB')).toBe('United Kingdom');
    expect(names.get('RU')).toBe('Russia');
    expect(names.get('KR')).toBe('South Korea');
    expect(names.get('LA')).toBe('Laos');
    expect(names.get('FM')).toBe('Micronesia');
    expect(names.get('TW')).toBe('Taiwan');
  });

  test('leaves out places with no calling code of their own', () => {
    const iso2 = countries.map((c) => c.isoCode2);
    expect(iso2).not.toContain('AQ');
    expect(iso2).not.toContain('BV');
    expect(iso2).not.toContain('HM');
  });

  test('keeps area-code suffixes for shared +1 codes such as 1-809', () => {
    expect(byIsoCode2('DO').countryCodes).toEqual(['1-809', '1-829', '1-849']);
    expect(byIsoCode2('JM').countryCodes).toEqual(['1-658', '1-876']);
    expect(byIsoCode2('PR').countryCodes).toEqual(['1-787', '1-939']);
    expect(byIsoCode2('CA').countryCodes).toEqual(['1']);
  });

  test('gives no two countries the same suffixed calling code', () => {
    const suffixed = countries.flatMap((c) =>
      c.countryCodes.filter((code) => code.includes('-')),
    );
    expect(suffixed.length).toBeGreaterThan(0);
    expect(new Set(suffixed).size).toBe(suffixed.length);
  });

  test('names US, RU, NO, AU and MA the defaults of their shared calling codes', () => {
    expect(sharedCallingCodeDefaults).toMatchObject({
      '1': 'US',
      '7': 'RU',
      '47': 'NO',
      '61': 'AU',
      '212': 'MA',
      '44': 'GB',
    });
    for (const [callingCode, isoCode2] of Object.entries(
      sharedCallingCodeDefaults,
    )) {
      expect(byIsoCode2(isoCode2).countryCodes).toEqual([callingCode]);
      const sharers = countries.filter((c) =>
        c.countryCodes.some(
          (code) => code === callingCode || code.startsWith(`${callingCode}-`),
        ),
      );
      expect(sharers.length).toBeGreaterThan(1);
    }
  });

  test('every calling code is digits with an optional -digits area suffix', () => {
    for (const c of countries) {
      expect(c.countryCodes.length).toBeGreaterThan(0);
      for (const code of c.countryCodes) {
        expect(code).toMatch(/^[1-9]\d{0,2}(?:-\d+)?$/);
      }
    }
  });
});
