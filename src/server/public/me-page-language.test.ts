import { expect, test } from 'vitest';
import { applicantPageTexts } from '#engine/applicant-page-texts.ts';
import { mePageTextsOf } from './me-page-language.ts';

test('a language the product does not speak shows the page’s English words', () => {
  expect(mePageTextsOf('ja')).toBe(applicantPageTexts);
  expect(mePageTextsOf('en-GB')).toBe(applicantPageTexts);
});
