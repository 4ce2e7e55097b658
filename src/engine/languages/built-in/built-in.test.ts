import { describe, expect, it } from 'vitest';
import {
  exampleWith,
  withOverrides,
} from '../../../../tests/support/wizard-configs.ts';
import { resolveWizardTexts } from '../../texts.ts';
import { localizeConfig } from '../localize.ts';
import { builtInLanguageOf, builtInLanguages } from './index.ts';
import type { BuiltInLanguage } from './types.ts';

/** Every text of a language by a name that says where it stands: `texts.required`, `templates.receipt.body`. */
function textsByName(language: BuiltInLanguage): Map<string, string> {
  const named = new Map<string, string>();
  for (const [key, text] of Object.entries(language.texts))
    named.set(`texts.${key}`, text);
  for (const [name, template] of Object.entries(language.templates))
    for (const [part, text] of Object.entries(template))
      named.set(`templates.${name}.${part}`, text);
  for (const [key, text] of Object.entries(language.applicantPage))
    named.set(`applicantPage.${key}`, text);
  for (const [key, text] of Object.entries(language.emailLines))
    named.set(`emailLines.${key}`, text);
  return named;
}

const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

const english = textsByName(builtInLanguages.en as BuiltInLanguage);
const others = Object.entries(builtInLanguages).filter(([tag]) => tag !== 'en');

/** Texts a language may leave as English because they are the same word there. None so far. */
const sameAsEnglish: Record<string, string[]> = { de: [], ar: [] };

describe.each(others)('the product’s own words in %s', (tag, language) => {
  const texts = textsByName(language);

  it('has every text English has, and no other', () => {
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('keeps each text’s placeholders exactly as in English', () => {
    for (const [name, text] of texts)
      expect(placeholdersOf(text), name).toEqual(
        placeholdersOf(english.get(name) ?? ''),
      );
  });

  it('writes every text, none empty and none left in English', () => {
    const untranslated = [...texts]
      .filter(([name, text]) => text === english.get(name))
      .map(([name]) => name);
    expect(untranslated).toEqual(sameAsEnglish[tag]);
    for (const [name, text] of texts) expect(text.trim(), name).not.toBe('');
  });
});

describe('the typography of each language', () => {
  const words = (tag: string) =>
    [...textsByName(builtInLanguages[tag] as BuiltInLanguage).values()].join(
      '\n',
    );

  it('writes German with its own quotes and ellipsis', () => {
    expect(words('de')).not.toMatch(/"|\.\.\./);
  });

  it('writes Arabic with Arabic commas, semicolons and question marks', () => {
    expect(words('ar')).not.toMatch(/[,;?]/);
  });
});

describe('finding a language’s words', () => {
  it('takes a regional tag’s language, and has none for a language it does not ship', () => {
    expect(builtInLanguageOf('de-AT')).toBe(builtInLanguages.de);
    expect(builtInLanguageOf('ar-EG')).toBe(builtInLanguages.ar);
    expect(builtInLanguageOf('nl')).toBeUndefined();
  });
});

describe('a form in German with no translations yet', () => {
  const form = exampleWith(withOverrides({ languages: ['en', 'de'] }));
  const german = builtInLanguages.de as BuiltInLanguage;
  const shown = localizeConfig(form, 'de');

  it('shows the product’s German messages where the form keeps the product’s own', () => {
    const texts = resolveWizardTexts(shown);
    expect(texts.required).toBe(german.texts.required);
    expect(texts.required).not.toBe(resolveWizardTexts(form).required);
    expect(texts['status.declined']).toBe('Diesmal nicht');
    expect(shown.notifications).toMatchObject({
      templates: { receipt: german.templates.receipt },
    });
  });

  it('keeps the form’s own words where it wrote them, until they are translated', () => {
    expect(form.buttonText.continue).toBe('Continue');
    expect(resolveWizardTexts(shown).continue).toBe('Continue');
    expect(shown.steps[1]?.name).toBe(form.steps[1]?.name);
  });
});
