import { expect, test } from 'vitest';
import {
  inboxOfLanguage,
  inboxOfSource,
  languageRowName,
  periodOf,
  stepName,
} from './insights-query.ts';

const now = Date.parse('2026-03-31T10:00:00Z');

test('counts the last 30 days of every call unless the address says otherwise', () => {
  expect(periodOf(new URLSearchParams(''), now)).toEqual({
    from: '2026-03-02',
    to: '2026-03-31',
  });
  expect(
    periodOf(new URLSearchParams('days=7&call=summer-coast'), now),
  ).toEqual({ from: '2026-03-25', to: '2026-03-31', call: 'summer-coast' });
  expect(
    periodOf(new URLSearchParams('from=2026-01-01&to=2026-01-31'), now),
  ).toEqual({ from: '2026-01-01', to: '2026-01-31' });
});

test('says a step is removed', () => {
  expect(stepName({ name: 'More Details', removed: true })).toBe(
    'More Details (removed step)',
  );
  expect(stepName({ name: 'More Details', removed: false })).toBe(
    'More Details',
  );
});

test('links to the inbox of a source, within the call counted', () => {
  expect(inboxOfSource('news & offers', undefined)).toBe(
    '/?source=news+%26+offers',
  );
  expect(inboxOfSource('newsletter', 'summer-coast')).toBe(
    '/?call=summer-coast&source=newsletter',
  );
});

test('names a language in English, and links to the inbox of its applications within the call counted', () => {
  expect(languageRowName('de')).toBe('German');
  expect(languageRowName(null)).toBe('Not recorded');
  expect(inboxOfLanguage('de', 'summer-coast')).toBe(
    '/?call=summer-coast&language=de',
  );
  expect(inboxOfLanguage('pt-BR', undefined)).toBe('/?language=pt-BR');
});
