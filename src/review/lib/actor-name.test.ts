import { expect, test } from 'vitest';
import { actorName } from './actor-name.ts';

test('names the applicant’s own actions "the applicant", and staff by their address', () => {
  expect(actorName('applicant')).toBe('the applicant');
  expect(actorName('rita@example.org')).toBe('rita@example.org');
});
