import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { buildApplicationModel } from '#engine/application-schema.ts';
import { describeColumns } from '#engine/describe-application.ts';
import type { ApplicationPayload } from '#engine/payload.ts';
import {
  exampleConfig,
  validApplication,
} from '../../tests/support/fixtures.ts';
import {
  answerTextsOf,
  readableAnswersOf,
  readableAnswersRevision,
  storedAnswerTexts,
} from './readable-answers.ts';

const model = buildApplicationModel(exampleConfig());

/** Applications that take describing through its kinds of answers: follow-ups, conditions, phones, platforms, choices. */
function referenceApplications(): ApplicationPayload[] {
  const ada = { ...validApplication(), language: 'en' };
  const base = validApplication({ firstName: 'Grace' });
  const grace: ApplicationPayload = {
    ...base,
    personalInfo: {
      ...base.personalInfo,
      phone: { countryCode: '1', subscriber: '2025550123' },
      countryCode: 'US',
      provinceCode: 'NY',
    },
    platforms: {
      youtube: { handle: 'grace-channel', followers: '900' },
      tiktok: { handle: 'grace.tok', followers: '45000' },
    },
    fields: base.fields
      .filter((field) => field.key !== 'single.mediaOutletContributions.text')
      .map((field) =>
        field.key === 'single.mediaOutletContributions.value'
          ? { ...field, value: 'No' }
          : field,
      ),
  };
  const mary = validApplication({ firstName: 'Mary' });
  // Written with the national prefix, as people in Britain write it.
  mary.personalInfo.phone = { countryCode: '44', subscriber: '07700 900123' };
  return [ada, grace, mary] as ApplicationPayload[];
}

/**
 * What describing the reference applications gave under each revision. Texts stored under a
 * revision are used by every export after it, so describing may change what it gives only under a
 * new revision: add it here, with the digest this test prints, and raise readableAnswersRevision.
 */
const describedUnder: Record<number, string> = {
  1: 'a68b38a551ecac10d4bc7b5843364601b32094729bdfbf06e606270944f15e5d',
};

test('describing gives what the revision stored with each application says it gives', () => {
  const digest = createHash('sha256')
    .update(
      JSON.stringify(
        referenceApplications().map((payload) => answerTextsOf(payload, model)),
      ),
    )
    .digest('hex');
  expect(
    describedUnder[readableAnswersRevision],
    `Describing an application changed (now ${digest}): texts stored under revision ${readableAnswersRevision} say otherwise. Raise readableAnswersRevision and record the digest under it.`,
  ).toBe(digest);
});

test('stored texts are read back under the revision and the columns they were written for, and only then', () => {
  const [ada] = referenceApplications() as [ApplicationPayload];
  const stored = readableAnswersOf(ada, model);
  expect(storedAnswerTexts(stored, model)).toEqual(answerTextsOf(ada, model));
  expect(storedAnswerTexts(null, model)).toBeUndefined();

  const earlier = JSON.stringify({
    ...(JSON.parse(stored) as object),
    revision: readableAnswersRevision - 1,
  });
  expect(storedAnswerTexts(earlier, model)).toBeUndefined();

  // A question fewer: the same texts would stand in other columns.
  const fewer = exampleConfig();
  fewer.steps = fewer.steps.map((step) => ({
    ...step,
    blocks: step.blocks.filter(
      (block) =>
        !('path' in block.data) ||
        block.data.path !== 'fields.single.whatContent',
    ),
  }));
  expect(
    storedAnswerTexts(stored, buildApplicationModel(fewer)),
  ).toBeUndefined();
});

test('each text stands in its column, and an answer not given leaves its column empty', () => {
  const [, grace] = referenceApplications() as [
    ApplicationPayload,
    ApplicationPayload,
  ];
  const texts = answerTextsOf(grace, model);
  const keys = describeColumns(model).map((column) => column.key);
  const byKey = Object.fromEntries(
    keys.map((key, index) => [key, texts[index]]),
  );
  expect(texts).toHaveLength(keys.length);
  expect(byKey['personalInfo.firstName']).toBe('Grace');
  expect(byKey['personalInfo.phone']).toBe('+1 202 555 0123');
  expect(byKey['fields.single.mediaOutletContributions.value']).toBe('No');
  expect(byKey['fields.single.mediaOutletContributions.text']).toBe('');
  expect(byKey['platforms.instagram.handle']).toBe('');
});
