import { expect, test } from 'vitest';
import { buildApplicationModel } from './application-schema.ts';
import {
  describeApplication,
  describeColumns,
} from './describe-application.ts';
import { parsePayload, type ApplicationPayload } from './payload.ts';
import {
  exampleWith,
  withExtraAnswers,
  withPlatforms,
} from '../../tests/support/wizard-configs.ts';
import { validApplication } from '../../tests/support/fixtures.ts';

const extrasModel = buildApplicationModel(exampleWith(withExtraAnswers));

// Grouping the digits needs numbering-plan data that only the server loads; here the number stays as sent.
const formatPhone = (international: string) => `(${international})`;

function withExtras(fields: Array<{ key: string; value: string }>) {
  const application = validApplication();
  application.fields.push(...fields);
  return application;
}

const extraAnswers = [
  { key: 'single.altPhone.countryCode', value: '1' },
  { key: 'single.altPhone.subscriber', value: '2025550123' },
  { key: 'single.filming.value', value: 'Yes' },
  { key: 'single.filming.text', value: 'DJI Mini 4, A2 CofC' },
  { key: 'single.seasons', value: 'spring, autumn' },
  { key: 'single.newsletter', value: 'No' },
];

function parsedOrThrow(input: ApplicationPayload, model = extrasModel) {
  const parsed = parsePayload(input, model);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.payload;
}

test('sends and reads back a second phone under fields.single, which the server once refused as unknown keys', () => {
  const payload = parsedOrThrow(withExtras(extraAnswers));
  expect(payload.fields).toEqual(
    expect.arrayContaining([
      { key: 'single.altPhone.countryCode', value: '1' },
      { key: 'single.altPhone.subscriber', value: '2025550123' },
    ]),
  );
  expect(
    parsePayload(
      withExtras([{ key: 'single.altPhone.subscriber', value: '20x' }]),
      extrasModel,
    ),
  ).toEqual({
    ok: false,
    issues: expect.arrayContaining([
      {
        path: 'fields.single.altPhone.subscriber',
        message: 'Enter digits only',
      },
    ]),
  });
});

test('shows every answer under its question, grouped by step in the order of the form', () => {
  const steps = describeApplication(
    parsedOrThrow(withExtras(extraAnswers)),
    extrasModel,
    formatPhone,
  );
  expect(steps.map((step) => step.step)).toEqual([
    'General Information',
    'More Details',
  ]);
  expect(steps[1]?.answers.slice(-6)).toEqual([
    {
      key: 'fields.single.emergencyContactPhone',
      question: 'Phone',
      text: '+44 20 7946 0000',
      href: 'tel:+442079460000',
    },
    {
      key: 'fields.single.altPhone',
      question: 'Second phone',
      text: '(+12025550123)',
      href: 'tel:+12025550123',
    },
    {
      key: 'fields.single.filming.value',
      question: 'Will you film with a drone?',
      text: 'Yes',
    },
    {
      key: 'fields.single.filming.text',
      question: 'Which drone and licence?',
      text: 'DJI Mini 4, A2 CofC',
      isFollowUp: true,
    },
    {
      key: 'fields.single.seasons',
      question: 'Which seasons suit you?',
      text: 'Spring, Autumn',
    },
    {
      key: 'fields.single.newsletter',
      question: 'Send me the press newsletter',
      text: 'No',
    },
  ]);
});

test('leaves out answers the form hid and questions left unanswered', () => {
  const model = buildApplicationModel(exampleWith());
  const application = validApplication();
  application.fields = application.fields.filter(
    (field) => !field.key.startsWith('single.mediaOutletContributions'),
  );
  application.fields.push({
    key: 'single.mediaOutletContributions.value',
    value: 'No',
  });
  application.personalInfo.countryCode = 'US';
  (application.personalInfo as Record<string, unknown>).provinceCode = 'HI';
  const keys = describeApplication(
    parsedOrThrow(application, model),
    model,
    formatPhone,
  ).flatMap((step) => step.answers.map((answer) => answer.key));
  expect(keys).toContain('fields.single.mediaOutletContributions.value');
  expect(keys).not.toContain('fields.single.mediaOutletContributions.text');
  expect(keys).not.toContain('fields.single.anythingElse');
  expect(keys).toContain('personalInfo.provinceCode');
});

test('names the state and links each platform to its profile', () => {
  const model = buildApplicationModel(
    exampleWith(
      withPlatforms({
        offered: ['instagram', 'linkedin', 'website'],
        required: [],
      }),
    ),
  );
  const application: ApplicationPayload = validApplication();
  application.personalInfo.countryCode = 'US';
  application.personalInfo.provinceCode = 'HI';
  application.platforms = {
    instagram: { handle: '@ada.travels', followers: '1234567' },
    website: { url: 'ada.example.com', monthlyTraffic: '3000' },
  };
  application.fields.push(
    { key: 'single.linkedin.handle', value: 'ada lovelace' },
    { key: 'single.linkedin.followers', value: '10' },
  );
  const general = describeApplication(
    parsedOrThrow(application, model),
    model,
    formatPhone,
  )[0]?.answers;
  expect(
    general?.find((answer) => answer.key === 'personalInfo.provinceCode')?.text,
  ).toBe('Hawaii');
  expect(
    general?.filter((answer) => answer.key.startsWith('platforms.')),
  ).toEqual([
    {
      key: 'platforms.instagram.handle',
      question: 'Instagram',
      text: '@ada.travels',
      href: 'https://www.instagram.com/ada.travels',
    },
    {
      key: 'platforms.instagram.followers',
      question: 'Instagram · Followers',
      text: '1,234,567',
      isFollowUp: true,
    },
    {
      key: 'platforms.linkedin.handle',
      question: 'LinkedIn',
      text: 'ada lovelace',
      href: 'https://www.linkedin.com/in/ada%20lovelace',
    },
    {
      key: 'platforms.linkedin.followers',
      question: 'LinkedIn · Followers',
      text: '10',
      isFollowUp: true,
    },
    {
      key: 'platforms.website.url',
      question: 'Website',
      text: 'ada.example.com',
      href: 'https://ada.example.com',
    },
    {
      key: 'platforms.website.monthlyTraffic',
      question: 'Website · Monthly visitors',
      text: '3,000',
      isFollowUp: true,
    },
  ]);
});

test('words questions and yes/no answers as the configuration it was answered under did', () => {
  const json = exampleWith();
  const renamed = buildApplicationModel({
    ...json,
    texts: { ...json.texts, yes: 'Oui', no: 'Non' },
    steps: json.steps.map((step) => ({
      ...step,
      blocks: step.blocks.map((block) =>
        block.component === 'yesNo' &&
        block.data.path === 'fields.single.animal'
          ? { ...block, data: { ...block.data, label: 'Animal with you?' } }
          : block,
      ),
    })),
  });
  const answer = describeApplication(
    parsedOrThrow(validApplication(), renamed),
    renamed,
    formatPhone,
  )[1]?.answers.find((shown) => shown.key === 'fields.single.animal.value');
  expect(answer).toEqual({
    key: 'fields.single.animal.value',
    question: 'Animal with you?',
    text: 'Non',
  });
});

test('gives one export column per answer, and two per offered platform', () => {
  const columns = describeColumns(extrasModel);
  expect(columns.slice(0, 3)).toEqual([
    { key: 'personalInfo.firstName', question: 'First Name' },
    { key: 'personalInfo.lastName', question: 'Last Name' },
    { key: 'personalInfo.phone', question: 'Phone Number' },
  ]);
  expect(
    columns.filter((column) => column.key.startsWith('platforms.')),
  ).toEqual([
    { key: 'platforms.instagram.handle', question: 'Instagram' },
    { key: 'platforms.instagram.followers', question: 'Instagram · Followers' },
    { key: 'platforms.tiktok.handle', question: 'TikTok' },
    { key: 'platforms.tiktok.followers', question: 'TikTok · Followers' },
    { key: 'platforms.youtube.handle', question: 'YouTube' },
    { key: 'platforms.youtube.followers', question: 'YouTube · Followers' },
  ]);
  expect(columns.at(-1)).toEqual({
    key: 'fields.single.newsletter',
    question: 'Send me the press newsletter',
  });
});

test('without links, every answer reads the same and carries no address to follow', () => {
  const payload = parsedOrThrow(withExtras(extraAnswers));
  const linked = describeApplication(payload, extrasModel, formatPhone);
  const unlinked = describeApplication(payload, extrasModel, formatPhone, {
    links: false,
  });
  const answersOf = (steps: typeof linked) =>
    steps.flatMap((step) => step.answers);
  expect(answersOf(linked).some((answer) => answer.href)).toBe(true);
  expect(answersOf(unlinked)).toEqual(
    answersOf(linked).map(({ href: _, ...answer }) => answer),
  );
});
