import { expect, test } from 'vitest';
import { buildApplicationModel } from '#engine/application-schema.ts';
import {
  exampleWith,
  withTranslations,
} from '../../../tests/support/wizard-configs.ts';
import {
  applicationLanguageOf,
  createLocalizedModels,
} from './application-language.ts';

const config = exampleWith(
  withTranslations({ de: { 'texts.required': 'Bitte ausfüllen' } }),
);

test('an application is recorded in the language its page was read in, if its form offers it', () => {
  expect(applicationLanguageOf('de', config)).toBe('de');
  expect(applicationLanguageOf('fr', config)).toBe('en');
  expect(applicationLanguageOf(undefined, config)).toBe('en');
});

test('the rules in a language are built once per version and language, the own language as it comes', () => {
  const version = {
    number: 1,
    configHash: 'one',
    model: buildApplicationModel(config),
  };
  const models = createLocalizedModels(1);
  expect(models.modelFor(version, 'en')).toBe(version.model);
  const german = models.modelFor(version, 'de');
  expect(german.texts.required).toBe('Bitte ausfüllen');
  expect(models.modelFor(version, 'de')).toBe(german);
  // With room for one, another version's German pushes the first out.
  models.modelFor({ ...version, configHash: 'two' }, 'de');
  expect(models.modelFor(version, 'de')).not.toBe(german);
});
