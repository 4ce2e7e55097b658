import { expect, test } from 'vitest';
import { embedRequestOf, formAddressOf } from './frame-address.ts';

const scriptOf = (attributes: Record<string, string>) => {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes))
    script.setAttribute(name, value);
  return script;
};

const hostPage =
  'https://www.example.org/work-with-us?utm_source=newsletter&utm_medium=email&gclid=abc&page=2&embed=https%3A%2F%2Fevil.example';

test('a call’s frame names the host’s origin and carries the host page’s campaign and click ids, the ref and hidden values', () => {
  const request = embedRequestOf(
    scriptOf({
      src: 'https://apply.example.org/embed.js',
      'data-call': 'summer 2027',
      'data-ref': 'hotel-aldmere',
      'data-hidden-partner': 'regional board',
    }),
  );
  const address = formAddressOf(request, hostPage, true);
  expect(address.origin + address.pathname).toBe(
    'https://apply.example.org/apply/summer%202027',
  );
  expect([...address.searchParams]).toEqual([
    ['embed', 'https://www.example.org'],
    ['utm_source', 'newsletter'],
    ['utm_medium', 'email'],
    ['gclid', 'abc'],
    ['ref', 'hotel-aldmere'],
    ['partner', 'regional board'],
  ]);
});

test('without a call, the default form; as a link, no embed parameter', () => {
  const request = embedRequestOf(
    scriptOf({ src: 'https://apply.example.org/embed.js' }),
  );
  expect(formAddressOf(request, 'https://www.example.org/', false).href).toBe(
    'https://apply.example.org/',
  );
});

test('a hidden value cannot take a reserved or malformed name, nor the place of an attribution', () => {
  const request = embedRequestOf(
    scriptOf({
      src: 'https://apply.example.org/embed.js',
      'data-hidden-embed': 'https://evil.example',
      'data-hidden-step': '3',
      'data-hidden-utm_source': 'overridden',
      'data-hidden-ok_name': 'kept',
    }),
  );
  expect([...formAddressOf(request, hostPage, true).searchParams]).toEqual([
    ['embed', 'https://www.example.org'],
    ['utm_source', 'newsletter'],
    ['utm_medium', 'email'],
    ['gclid', 'abc'],
    ['ok_name', 'kept'],
  ]);
});
