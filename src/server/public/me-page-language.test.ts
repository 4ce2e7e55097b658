import { expect, test } from 'vitest';
import { applicantPageTexts } from '#engine/applicant-page-texts.ts';
import { mePageLanguageOf, mePageTextsOf } from './me-page-language.ts';

const form = { lang: 'en', languages: ['en', 'de', 'ar'] };

test('the page is in the language the address asks for, if the form offers it', () => {
  expect(mePageLanguageOf(form, 'de', 'ar')).toBe('de');
  expect(mePageLanguageOf(form, 'fr', 'de-DE,de;q=0.9')).toBe('de');
});

test('else in the browser’s first choice among the form’s languages, else the form’s own', () => {
  expect(mePageLanguageOf(form, undefined, 'fr, ar;q=0.8, de;q=0.5')).toBe(
    'ar',
  );
  expect(mePageLanguageOf(form, undefined, 'fr, ja')).toBe('en');
  expect(mePageLanguageOf(form, undefined, undefined)).toBe('en');
  expect(mePageLanguageOf({ lang: 'de' }, ['de'], 'de')).toBe('de');
});

test('a language the product does not speak shows the page’s English words', () => {
  expect(mePageTextsOf('ja')).toBe(applicantPageTexts);
  expect(mePageTextsOf('en-GB')).toBe(applicantPageTexts);
});
