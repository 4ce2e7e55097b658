import { expect, test } from 'vitest';
import { getAt } from '#engine/paths.ts';
import {
  exampleWith,
  withNewQuestion,
  withoutQuestion,
} from '../../../tests/support/wizard-configs.ts';
import { resumeAnswers } from './form-change.ts';

/** What an applicant of the example typed on its two form steps, as the form holds it. */
const typed = {
  personalInfo: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: { countryCode: '44', subscriber: '7700900123' },
    emailAddress: 'ada@example.com',
    countryCode: 'GB',
  },
  platforms: { instagram: { handle: 'ada.travels', followers: '12000' } },
  fields: {
    single: {
      whatContent: 'Food and slow travel',
      intendedDeliverables: 'Three reels',
      supportLevel: 'Two nights',
      pastCampaigns: 'https://ada.example/coast-week',
      visitedBefore: 'Once',
      tripDetails: 'A week on the coast path',
      preferredDates: 'May',
      flexibleDates: { value: false },
      partySize: 'Charles Babbage',
      animal: { value: false },
      wheelchairUser: { value: false },
      mayWeAssist: { value: true },
      emergencyContactName: 'Mary Somerville',
      emergencyContactRelationship: 'Friend',
      emergencyContactPhone: '+44 20 7946 0000',
    },
  },
  honeypot: 'filled by a bot',
};

const before = exampleWith();

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
    'A week on the coast path',
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
