import { expect, test } from 'vitest';
import { missingTranslations } from '#engine/languages/localize.ts';
import { checkWizardConfig } from '#engine/config-schema.ts';
import { exampleWith } from '../../../tests/support/wizard-configs.ts';
import {
  addLanguage,
  checkedTag,
  languagesToAdd,
  languageWords,
  removeLanguage,
  setOwnLanguage,
} from './translation-languages.ts';
import { missingByLanguage } from './editor-localization.ts';

test('a language is named in English and in itself', () => {
  expect(languageWords('de')).toBe('German (Deutsch)');
  expect(languageWords('en')).toBe('English');
});

test('a language added goes after the form’s own; removed, its translations go too', () => {
  const draft = exampleWith();
  expect(languagesToAdd(draft).map(({ tag }) => tag)).toContain('de');
  addLanguage(draft, 'de');
  addLanguage(draft, 'fr');
  expect(draft.languages).toEqual(['en', 'de', 'fr']);
  expect(languagesToAdd(draft).map(({ tag }) => tag)).not.toContain('de');
  draft.translations = { de: { title: 'Titel' }, fr: { title: 'Titre' } };
  removeLanguage(draft, 'de');
  removeLanguage(draft, 'en');
  expect(draft.languages).toEqual(['en', 'fr']);
  expect(draft.translations).toEqual({ fr: { title: 'Titre' } });
  expect(checkWizardConfig(draft).ok).toBe(true);
  setOwnLanguage(draft, 'en-GB');
  expect(draft.languages).toEqual(['en-GB', 'fr']);
});

test('a typed tag is spelled as usual, or refused in words', () => {
  const config = exampleWith();
  expect(checkedTag(config, ' pt-br ')).toEqual({ tag: 'pt-BR' });
  expect(checkedTag(config, 'German')).toEqual({
    problem:
      '“German” is not a language tag: type one like de, pt-BR or zh-Hant.',
  });
  expect(checkedTag(config, 'en')).toEqual({
    problem: 'The form is already offered in English.',
  });
});

test('each other language with texts to translate is named with how many', () => {
  const config = exampleWith();
  addLanguage(config, 'de');
  config.translations = { de: { title: 'Bewerbung' } };
  const count = missingTranslations(config, 'de').length;
  expect(missingByLanguage(config)).toEqual([
    { tag: 'de', count, words: `German: ${count} texts not translated` },
  ]);
  expect(missingByLanguage(exampleWith())).toEqual([]);
});
