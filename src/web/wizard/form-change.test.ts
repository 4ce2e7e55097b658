import { expect, test } from 'vitest';
import { buildApplicationModel } from '#engine/application-schema.ts';
import { getAt } from '#engine/paths.ts';
import { decodePayload } from '#engine/payload.ts';
import { validApplication } from '../../../tests/support/fixtures.ts';
import {
  exampleWith,
  withNewQuestion,
  withoutQuestion,
} from '../../../tests/support/wizard-configs.ts';
import { resumeAnswers } from './form-change.ts';

const before = exampleWith();

/** What an applicant typed on the example's two form steps (the shared valid application), and a bot's honeypot. */
const typed = {
  ...decodePayload(validApplication(), buildApplicationModel(before)),
  honeypot: 'filled by a bot',
};

test('a new required question on General Information: the applicant resumes there, every answer kept', () => {
  const after = exampleWith(
    withNewQuestion('pronouns', 'Your pronouns', {
      step: 'General Information',
    }),
  );
  const resumed = resumeAnswers(before, after, typed);
  expect(resumed.stepIndex).toBe(1);
  expect(getAt(resumed.values, 'fields.single.pronouns')).toBe('');
  for (const path of [
    'personalInfo.firstName',
    'personalInfo.phone',
    'platforms.instagram.handle',
    'fields.single.whatContent',
    'fields.single.mayWeAssist.value',
  ])
    expect(getAt(resumed.values, path), path).toEqual(getAt(typed, path));
});

test('a question removed and nothing new to answer: the applicant resumes on the step that sends, without that answer', () => {
  const after = exampleWith(withoutQuestion('fields.single.visitedBefore'));
  const resumed = resumeAnswers(before, after, typed);
  expect(resumed.stepIndex).toBe(2);
  expect(getAt(resumed.values, 'fields.single.visitedBefore')).toBeUndefined();
  expect(getAt(resumed.values, 'fields.single.tripDetails')).toBe(
    'A week along the coast path',
  );
  // The honeypot is never carried over, as it is never kept in a draft.
  expect(resumed.values.honeypot).toBe('');
});

test('a new optional question is a step to look at too, the earliest step winning', () => {
  const after = exampleWith(
    withNewQuestion('bestSeason', 'Which season suits you best?'),
    withNewQuestion('nickname', 'What do people call you?', {
      step: 'General Information',
      validators: [],
    }),
  );
  expect(resumeAnswers(before, after, typed).stepIndex).toBe(1);
});
