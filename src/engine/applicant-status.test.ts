import { expect, test } from 'vitest';
import { stages } from '#engine/stages.ts';
import { resolveTexts, resolveWizardTexts } from '#engine/texts.ts';
import { exampleConfig } from '../../tests/support/fixtures.ts';
import {
  applicantStatuses,
  applicantStatusOf,
  statusTextOf,
} from './applicant-status.ts';

test('a new application is received, a shortlisted one in review, a withdrawn one withdrawn, whatever was told', () => {
  for (const told of [null, ...stages]) {
    expect(applicantStatusOf('new', told)).toBe('received');
    expect(applicantStatusOf('shortlisted', told)).toBe('in_review');
    expect(applicantStatusOf('withdrawn', told)).toBe('withdrawn');
  }
});

test('a decision shows only once the applicant has been told that very decision', () => {
  expect(applicantStatusOf('accepted', null)).toBe('in_review');
  expect(applicantStatusOf('declined', null)).toBe('in_review');
  expect(applicantStatusOf('accepted', 'accepted')).toBe('accepted');
  expect(applicantStatusOf('declined', 'declined')).toBe('declined');
  // Told they were declined, then accepted on a second look and not yet told: still deciding.
  expect(applicantStatusOf('accepted', 'declined')).toBe('in_review');
  expect(applicantStatusOf('declined', 'accepted')).toBe('in_review');
});

test('each status is said in English by default and in the form’s own words when it rewords it', () => {
  expect(
    applicantStatuses.map((status) => statusTextOf(status, resolveTexts({}))),
  ).toEqual([
    'Received',
    'In review',
    'Accepted',
    'Not this time',
    'Withdrawn',
  ]);
  // A form rewords a status as it rewords any other text.
  const config = exampleConfig({
    texts: { 'status.declined': 'Not for this season' },
  });
  expect(statusTextOf('declined', resolveWizardTexts(config))).toBe(
    'Not for this season',
  );
});
