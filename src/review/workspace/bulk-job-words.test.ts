import { expect, test } from 'vitest';
import type { BulkJob } from '#review-api/application.ts';
import { jobOutcome, jobProgress } from './bulk-job-words.ts';

const job: BulkJob = {
  id: 'job',
  stage: 'declined',
  total: 100_000,
  done: 23_400,
  moved: 23_399,
  withdrawn: 1,
  state: 'running',
  error: null,
  startedAt: '2026-11-28T09:00:00.000Z',
};

test('says how far a job has come while it runs', () => {
  expect(jobProgress(job)).toBe('Moving 23,400 of 100,000 to Declined…');
});

test('says what a job moved once it is done, and what it passed by', () => {
  expect(
    jobOutcome({ ...job, state: 'done', done: 100_000, moved: 99_999 }),
  ).toEqual({
    text: 'Moved 99,999 applications to Declined. 1 application its applicant withdrew was left as it is.',
    isError: false,
  });
});

test('says where a failed job stopped, that those moved stay moved, and what to do', () => {
  expect(
    jobOutcome({ ...job, state: 'failed', error: 'database is locked' }),
  ).toEqual({
    text: 'Moving to Declined stopped after 23,400 of 100,000: database is locked. Those moved stay moved; select every one matching again and move the rest.',
    isError: true,
  });
});
