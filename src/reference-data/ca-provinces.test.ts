import { describe, expect, test } from 'vitest';
import { caProvinces } from './ca-provinces.ts';

describe('caProvinces', () => {
  test('lists the 10 provinces and 3 territories', () => {
    expect(caProvinces).toHaveLength(13);
    const values = caProvinces.map((p) => p.value);
    for (const code of ['ON', 'QC', 'BC', 'NT', 'NU', 'YT']) {
      expect(values).toContain(code);
    }
  });

  test('uses unique two-letter uppercase codes', () => {
    const values = caProvinces.map((p) => p.value);
    expect(new Set(values).size).toBe(values.length);
    for (const value of values) expect(value).toMatch(/^[A-Z]{2}$/);
  });

  test('sorts provinces and territories by name', () => {
    const names = caProvinces.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
