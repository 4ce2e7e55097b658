import { describe, expect, test } from 'vitest';
import { languageLabelOf } from './language-label.ts';

describe('the language of an inbox row', () => {
  test('is a short mark with the English name among applications in several languages', () => {
    expect(languageLabelOf('de', ['en', 'de'])).toEqual({
      short: 'DE',
      name: 'German',
    });
    expect(languageLabelOf('pt-BR', ['en', 'pt-BR'])).toEqual({
      short: 'PT-BR',
      name: 'Brazilian Portuguese',
    });
  });

  test('is left out where every application is in one language, or the application has none', () => {
    expect(languageLabelOf('en', ['en'])).toBeNull();
    expect(languageLabelOf(null, ['en', 'de'])).toBeNull();
    expect(languageLabelOf('de', undefined)).toBeNull();
  });
});
