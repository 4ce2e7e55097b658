import { expect, test } from 'vitest';
import { buildApplicationModel } from '#engine/application-schema.ts';
import { getAt } from '#engine/paths.ts';
import { exampleWith } from '../../../tests/support/wizard-configs.ts';
import { restoreAnswers } from './application-form.ts';
import { prefilledAnswers } from './prefill.ts';

const model = buildApplicationModel(exampleWith());

test('fills a text, an e-mail and a select answer, cleaned', () => {
  expect(
    prefilledAnswers(model, {
      'personalInfo.firstName': '  Ada\u0007 ',
      'personalInfo.emailAddress': 'ada@example.com',
      'personalInfo.countryCode': 'GB',
      'fields.single.whatContent': 'x'.repeat(5000),
    }),
  ).toEqual([
    ['personalInfo.firstName', 'Ada'],
    ['personalInfo.emailAddress', 'ada@example.com'],
    ['personalInfo.countryCode', 'GB'],
    [
      'fields.single.whatContent',
      'x'.repeat(model.rules.get('fields.single.whatContent')?.maxLength ?? 0),
    ],
  ]);
});

test('leaves out a value that is not one of the select’s options, and every other kind of answer', () => {
  expect(
    prefilledAnswers(model, {
      'personalInfo.countryCode': 'Narnia',
      'personalInfo.phone': '+44 7700 900123',
      'personalInfo.phone.subscriber': '7700900123',
      'fields.single.animal': 'Yes',
      'fields.single.mediaOutletContributions.text': 'The Guardian',
      'personalInfo.lastName': '   ',
      'no.such.path': 'x',
      agreement: 'true',
    }),
  ).toEqual([]);
});

test('a prefilled answer is where the form starts, and the applicant’s own saved answer wins over it', () => {
  const prefill = {
    'personalInfo.firstName': 'Ada',
    'personalInfo.lastName': 'Lovelace',
  };
  const fresh = restoreAnswers(model, null, prefill);
  expect(getAt(fresh, 'personalInfo.firstName')).toBe('Ada');
  const restored = restoreAnswers(
    model,
    { personalInfo: { firstName: 'Augusta', lastName: '' } },
    prefill,
  );
  expect(getAt(restored, 'personalInfo.firstName')).toBe('Augusta');
  // Emptied by the applicant is still their answer.
  expect(getAt(restored, 'personalInfo.lastName')).toBe('');
});
