import { describe, expect, it } from 'vitest';
import { askingOf, pageLanguageOf } from './page-language.ts';

const form = { lang: 'en', languages: ['en', 'de', 'ar'] };

describe('pageLanguageOf', () => {
  it('takes the language the address asks for, whatever the browser prefers', () => {
    expect(
      pageLanguageOf(form, { query: 'ar', acceptLanguage: 'de-DE,de;q=0.9' }),
    ).toBe('ar');
    expect(
      pageLanguageOf(form, { query: 'DE', acceptLanguage: undefined }),
    ).toBe('de');
  });

  it("ignores an asked language the form does not offer and follows the browser's", () => {
    expect(
      pageLanguageOf(form, { query: 'fr', acceptLanguage: 'de-DE,en;q=0.5' }),
    ).toBe('de');
  });

  it("takes the first of the browser's languages the form offers, a region picking its language", () => {
    expect(
      pageLanguageOf(form, {
        query: undefined,
        acceptLanguage: 'fr-FR,fr;q=0.9,de-AT;q=0.8,en;q=0.7',
      }),
    ).toBe('de');
    expect(
      pageLanguageOf(form, { query: undefined, acceptLanguage: 'ar-EG' }),
    ).toBe('ar');
  });

  it("falls back to the form's own language", () => {
    expect(
      pageLanguageOf(form, { query: undefined, acceptLanguage: 'ja-JP' }),
    ).toBe('en');
    expect(
      pageLanguageOf(form, { query: undefined, acceptLanguage: undefined }),
    ).toBe('en');
    expect(
      pageLanguageOf(
        { lang: 'de', languages: ['de', 'en'] },
        { query: undefined, acceptLanguage: '' },
      ),
    ).toBe('de');
  });

  it('shows a form of one language in it, whatever is asked', () => {
    expect(
      pageLanguageOf({ lang: 'nl' }, { query: 'de', acceptLanguage: 'de' }),
    ).toBe('nl');
  });
});

describe('askingOf', () => {
  it("reads the address's lang and the Accept-Language header, and no other shape", () => {
    expect(
      askingOf({
        query: { lang: 'de', step: 'x' },
        headers: { 'accept-language': 'ar' },
      }),
    ).toEqual({ query: 'de', acceptLanguage: 'ar' });
    expect(askingOf({ query: { lang: ['de', 'ar'] }, headers: {} })).toEqual({
      query: undefined,
      acceptLanguage: undefined,
    });
  });
});
