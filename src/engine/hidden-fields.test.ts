import { expect, test } from 'vitest';
import {
  hiddenFieldsOf,
  hiddenValuesIn,
  hiddenValuesProblem,
} from './hidden-fields.ts';

test('every form records the partner reference first, once', () => {
  expect(hiddenFieldsOf({ hiddenFields: [] })).toEqual(['ref']);
  expect(hiddenFieldsOf({ hiddenFields: ['partner', 'ref'] })).toEqual([
    'ref',
    'partner',
  ]);
});

test("takes the form's hidden fields from an address, cleaned, and nothing else", () => {
  const search = new URLSearchParams({
    ref: '  hotel-alpenhof ',
    partner: 'x\u0007y'.padEnd(250, 'z'),
    other: 'ignored',
    market: '',
  });
  const values = hiddenValuesIn(search, ['ref', 'partner', 'market']);
  expect(values).toEqual({
    ref: 'hotel-alpenhof',
    partner: expect.any(String),
  });
  expect(values.partner).toHaveLength(200);
  expect(values.partner?.startsWith('xyz')).toBe(true);
});

test('refuses a hidden value by its name: unknown, empty, or not as the browser cleans it', () => {
  const names = ['ref', 'partner'];
  expect(hiddenValuesProblem({ ref: 'a', partner: 'b' }, names)).toBeNull();
  expect(hiddenValuesProblem({ market: 'de' }, names)).toEqual({
    path: 'hidden.market',
    message:
      '"market" is not a hidden field of this form, which has ref, partner',
  });
  expect(hiddenValuesProblem({ ref: '' }, names)?.path).toBe('hidden.ref');
  expect(hiddenValuesProblem({ ref: ' a' }, names)?.message).toMatch(
    /no spaces around/,
  );
});
