import { describe, expect, it } from 'vitest';
import { checkWizardConfig, type WizardConfig } from '../config-schema.ts';
import { resolveWizardTexts } from '../texts.ts';
import { defaultTemplates } from '../email-templates.ts';
import {
  exampleWith,
  withOverrides,
} from '../../../tests/support/wizard-configs.ts';
import { localizeConfig, missingTranslations } from './localize.ts';
import { directionOf, languageNameOf } from './language-tags.ts';

/** The example form offered in English and French, with what French has so far. */
const bilingual = (translations: WizardConfig['translations']) =>
  exampleWith(withOverrides({ languages: ['en', 'fr'], translations }));

/** A raw configuration with changes, checked as the server checks one. */
const checked = (changes: Record<string, unknown>) => {
  const { translations: _none, ...raw } = exampleWith();
  return checkWizardConfig({ ...raw, ...changes });
};

describe('a form in a language', () => {
  it('shows each translated text, and the form’s own words where a text has none', () => {
    const french = localizeConfig(
      bilingual({
        fr: {
          'steps.1.name': 'Informations générales',
          'steps.1.blocks.0.data.label': 'Prénom',
          'buttonText.continue': 'Continuer',
        },
      }),
      'fr',
    );
    expect(french.lang).toBe('fr');
    expect(french.steps[1]?.name).toBe('Informations générales');
    expect(french.steps[1]?.blocks[0]?.data).toMatchObject({ label: 'Prénom' });
    expect(french.steps[1]?.blocks[1]?.data).toMatchObject({
      label: 'Last Name',
    });
    expect(resolveWizardTexts(french).continue).toBe('Continuer');
    expect(resolveWizardTexts(french).back).toBe('Back');
  });

  it('carries no other language’s translations to the page, and keeps each step’s own-language id', () => {
    const form = bilingual({
      fr: { 'steps.1.name': 'Informations générales' },
    });
    const french = localizeConfig(form, 'fr');
    expect(french.translations).toEqual({});
    expect(french.steps.map((step) => step.id)).toEqual([
      'welcome',
      'general-information',
      'more-details',
      'creator-hub',
    ]);
    expect(localizeConfig(form, 'en').translations).toEqual({});
  });

  it('is itself a form the check takes, the language shown first', () => {
    const french = localizeConfig(
      bilingual({ fr: { 'steps.1.name': 'Informations générales' } }),
      'fr',
    );
    expect(french.languages).toEqual(['fr', 'en']);
    expect(checkWizardConfig(french).ok).toBe(true);
  });

  it('shows the form’s own language for a language it does not offer', () => {
    const form = bilingual({
      fr: { 'steps.1.name': 'Informations générales' },
    });
    const shown = localizeConfig(form, 'de');
    expect(shown.lang).toBe('en');
    expect(shown.steps[1]?.name).toBe('General Information');
  });

  it('translates the applicant’s e-mails, where the server reads them', () => {
    const french = localizeConfig(
      bilingual({
        fr: {
          'notifications.templates.receipt.subject': 'Bien reçu, {firstName}',
        },
      }),
      'fr',
    );
    expect(french.notifications).toMatchObject({
      templates: { receipt: { subject: 'Bien reçu, {firstName}' } },
    });
  });

  it('lists what a language still lacks: the form’s texts and the product’s messages it has no words for', () => {
    const form = bilingual({
      fr: { 'steps.1.name': 'Informations générales' },
    });
    const missing = missingTranslations(form, 'fr').map((text) => text.path);
    expect(missing).not.toContain('steps.1.name');
    expect(missing).toContain('steps.2.name');
    expect(missing).toContain('texts.required');
    expect(missing).toContain('notifications.templates.receipt.body');
  });

  it('translates a text the form names specifically where the form writes it', () => {
    const form = exampleWith(
      withOverrides({
        languages: ['en', 'fr'],
        buttonText: { continue: 'Apply now' },
        translations: { fr: { 'buttonText.continue': 'Postuler' } },
      }),
    );
    expect(resolveWizardTexts(localizeConfig(form, 'fr')).continue).toBe(
      'Postuler',
    );
    const missing = missingTranslations(form, 'fr').map((text) => text.path);
    expect(missing).not.toContain('texts.continue');
  });

  it('takes the product’s English e-mails where the form keeps them', () => {
    expect(defaultTemplates.receipt.subject).toContain('{firstName}');
  });
});

describe('the configuration check', () => {
  it('takes the first of the languages as the form’s own when lang is not given', () => {
    const result = checked({ lang: undefined, languages: ['de', 'en'] });
    expect(result.ok && result.config.lang).toBe('de');
  });

  it('refuses a translation of something that is not a text, by its path', () => {
    const result = checked({
      languages: ['en', 'de'],
      translations: {
        de: {
          'steps.1.blocks.0.data.path': 'personalInfo.vorname',
          'steps.9.name': 'Neun',
        },
      },
    });
    expect(result.ok ? [] : result.issues).toEqual([
      {
        path: expect.stringContaining('steps.1.blocks.0.data.path'),
        message: '"steps.1.blocks.0.data.path" is not a text of this form',
      },
      {
        path: expect.stringContaining('steps.9.name'),
        message: '"steps.9.name" is not a text of this form',
      },
    ]);
  });

  it('refuses translations into a language the form does not offer, or its own, and a language twice', () => {
    const result = checked({
      languages: ['en', 'de', 'de'],
      translations: { fr: { title: 'Titre' }, en: { title: 'Title' } },
    });
    expect(
      result.ok ? [] : result.issues.map((issue) => issue.message),
    ).toEqual(
      expect.arrayContaining([
        '"de" is listed twice',
        '"fr" is not one of the form\'s languages',
        '"en" is the form\'s own language: its texts are the form\'s',
      ]),
    );
  });

  it('refuses a form whose own language is not the first of its languages', () => {
    const result = checked({ lang: 'en', languages: ['de', 'en'] });
    expect(result.ok).toBe(false);
  });
});

describe('language names and directions', () => {
  it('names each language in itself and knows which way it runs', () => {
    expect(languageNameOf('de')).toBe('Deutsch');
    expect(languageNameOf('fr')).toBe('Français');
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('he-IL')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });
});
