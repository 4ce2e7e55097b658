import { describe, expect, test } from 'vitest';
import { usStates } from './us-states.ts';

describe('usStates', () => {
  test('lists 60 states, territories and armed-forces codes', () => {
    expect(usStates).toHaveLength(60);
  });

  test('includes DC, Puerto Rico, Guam and the armed-forces codes', () => {
    const values = usStates.map((s) => s.value);
    for (const code of ['DC', 'PR', 'GU', 'AA', 'AE', 'AP']) {
      expect(values).toContain(code);
    }
  });

  test('uses unique two-letter uppercase codes', () => {
    const values = usStates.map((s) => s.value);
    expect(new Set(values).size).toBe(values.length);
    for (const value of values) expect(value).toMatch(/^[A-Z]{2}$/);
  });

  test('puts the 50 states and DC first, sorted by name, then territories, then armed forces', () => {
    const statesAndDc = usStates.slice(0, 51).map((s) => s.name);
    expect(statesAndDc).toEqual(
      [...statesAndDc].sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(statesAndDc).toContain('District of Columbia');
    expect(usStates.slice(51, 57).map((s) => s.value)).toEqual([
      'AS',
      'GU',
      'MP',
      'PR',
      'UM',
      'VI',
    ]);
    expect(usStates.slice(57).map((s) => s.value)).toEqual(['AA', 'AE', 'AP']);
  });
});
