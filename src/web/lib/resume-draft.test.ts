import { expect, test } from 'vitest';
import { exampleConfig } from '../../../tests/support/fixtures.ts';
import {
  addressWithoutToken,
  resumeTokenOf,
  savedDraftOf,
} from './resume-draft.ts';

const config = exampleConfig();
const answers = { personalInfo: { firstName: 'Ada' } };

test('the token is read from the address, and the address keeps everything else without it', () => {
  expect(resumeTokenOf('?resume=abc-DEF_123')).toBe('abc-DEF_123');
  expect(resumeTokenOf('?step=more-details&resume=t')).toBe('t');
  expect(resumeTokenOf('?resume=')).toBeNull();
  expect(resumeTokenOf('?step=more-details')).toBeNull();
  expect(
    addressWithoutToken({
      pathname: '/apply/summer',
      search: '?utm_source=mail&resume=abc',
      hash: '#top',
    }),
  ).toBe('/apply/summer?utm_source=mail#top');
  expect(
    addressWithoutToken({ pathname: '/', search: '?resume=abc', hash: '' }),
  ).toBe('/');
});

test('saved answers resume on the step they were saved on, as a draft not yet sent', () => {
  expect(
    savedDraftOf(config, 200, { pageId: config.pageId, step: 2, answers }),
  ).toEqual({
    kind: 'resumed',
    draft: {
      stepIndex: 2,
      values: answers,
      idempotencyKey: null,
      sent: false,
      sentEmail: '',
    },
  });
});

test('a step past the one that sends resumes on the one that sends: nothing was sent', () => {
  const last = config.steps.length - 1;
  const outcome = savedDraftOf(config, 200, {
    pageId: config.pageId,
    step: last,
    answers,
  });
  expect(outcome.kind === 'resumed' && outcome.draft.stepIndex).toBe(last - 1);
});

test('answers that are gone, of another form, or malformed start the form as usual; a server fault says it failed', () => {
  expect(savedDraftOf(config, 404, { error: 'not_found' })).toEqual({
    kind: 'gone',
  });
  expect(
    savedDraftOf(config, 200, { pageId: 'another-call', step: 1, answers }),
  ).toEqual({ kind: 'gone' });
  expect(
    savedDraftOf(config, 200, {
      pageId: config.pageId,
      step: 1,
      answers: null,
    }),
  ).toEqual({ kind: 'gone' });
  expect(savedDraftOf(config, 200, null)).toEqual({ kind: 'gone' });
  expect(savedDraftOf(config, 503, null)).toEqual({ kind: 'failed' });
});
