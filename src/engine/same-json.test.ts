import { expect, test } from 'vitest';
import { isSameJson } from './same-json.ts';

test('objects are the same whatever the order of their keys', () => {
  expect(
    isSameJson(
      { title: 'Trip', theme: { brand: '#0a4f57', accent: '#fff' } },
      { theme: { accent: '#fff', brand: '#0a4f57' }, title: 'Trip' },
    ),
  ).toBe(true);
});

test('a key left undefined is the same as no key, as in JSON', () => {
  expect(
    isSameJson({ title: 'Trip', logo: undefined }, { title: 'Trip' }),
  ).toBe(true);
  expect(isSameJson({ title: 'Trip' }, { title: 'Trip', logo: null })).toBe(
    false,
  );
});

test('a changed, added or removed value anywhere makes them differ', () => {
  const form = { steps: [{ name: 'Welcome', blocks: [{ label: 'Name' }] }] };
  expect(isSameJson(form, structuredClone(form))).toBe(true);
  expect(
    isSameJson(form, {
      steps: [{ name: 'Welcome', blocks: [{ label: 'Nom' }] }],
    }),
  ).toBe(false);
  expect(
    isSameJson(form, {
      steps: [
        { name: 'Welcome', blocks: [{ label: 'Name' }, { label: 'Age' }] },
      ],
    }),
  ).toBe(false);
  expect(isSameJson(form, { steps: [] })).toBe(false);
  expect(isSameJson([1, 2], [2, 1])).toBe(false);
  expect(isSameJson({ a: [] }, { a: {} })).toBe(false);
  expect(isSameJson({ a: 1 }, { b: 1 })).toBe(false);
  expect(isSameJson('1', 1)).toBe(false);
});
