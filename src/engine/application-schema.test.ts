import { expect, test } from 'vitest';
import {
  buildApplicationModel,
  buildApplicationSchema,
  buildDefaultValues,
  validateAnswers,
} from './application-schema.ts';
import { isRequiredAnswer } from './block-kinds/answer.ts';
import { phoneCodec } from './block-kinds/phone.ts';
import { choiceCodec } from './block-kinds/select.ts';
import { textCodec } from './block-kinds/text-input.ts';
import { setAt } from './paths.ts';
import {
  answersFor,
  completeAnswersOf,
  inlineModel,
} from '../../tests/support/engine-models.ts';
import { exampleWith } from '../../tests/support/wizard-configs.ts';

const exampleConfig = exampleWith();
const model = buildApplicationModel(exampleConfig);
const schema = buildApplicationSchema(model);

const completeAnswers = completeAnswersOf(model);

function issuesOf(
  values: unknown,
): { path: string; message: string; code: string }[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
    code: issue.code,
  }));
}

test('gathers one rule per answer of the example configuration, in block order', () => {
  expect([...model.rules.keys()]).toEqual([
    'personalInfo.firstName',
    'personalInfo.lastName',
    'personalInfo.phone',
    'personalInfo.emailAddress',
    'personalInfo.countryCode',
    'personalInfo.provinceCode',
    'platforms',
    'fields.single.whatContent',
    'fields.single.intendedDeliverables',
    'fields.single.supportLevel',
    'fields.single.pastCampaigns',
    'fields.single.mediaOutletContributions.value',
    'fields.single.mediaOutletContributions.text',
    'fields.single.visitedBefore',
    'fields.single.tripDetails',
    'fields.single.preferredDates',
    'fields.single.flexibleDates.value',
    'fields.single.partySize',
    'fields.single.animal.value',
    'fields.single.wheelchairUser.value',
    'fields.single.mayWeAssist.value',
    'fields.single.emergencyContactName',
    'fields.single.emergencyContactRelationship',
    'fields.single.emergencyContactPhone',
    'fields.single.anythingElse',
  ]);
  expect(model.platforms).toEqual(['instagram', 'tiktok', 'youtube']);
  expect(model.requiredPlatforms).toEqual([]);
});

test('makes a yes/no follow-up a required text shown on its trigger', () => {
  expect(
    model.rules.get('fields.single.mediaOutletContributions.text'),
  ).toEqual({
    path: 'fields.single.mediaOutletContributions.text',
    label: 'Describe More',
    codec: textCodec,
    isFollowUp: true,
    validators: ['required'],
    showOn: {
      path: 'fields.single.mediaOutletContributions.value',
      equals: true,
    },
    maxLength: 4000,
  });
});

test('takes validators and conditions from formItems', () => {
  expect(model.rules.get('personalInfo.provinceCode')).toMatchObject({
    codec: choiceCodec,
    validators: ['required'],
    showOn: { path: 'personalInfo.countryCode', oneOf: ['US', 'CA'] },
    optionSets: { from: 'personalInfo.countryCode' },
  });
  expect(model.rules.get('personalInfo.phone')).toMatchObject({
    codec: phoneCodec,
    validators: ['required', 'phone'],
  });
  expect(model.rules.get('fields.single.pastCampaigns')).toMatchObject({
    codec: textCodec,
    maxLength: 4000,
  });
  expect(model.rules.get('fields.single.whatContent')).toMatchObject({
    codec: textCodec,
    maxLength: 300,
  });
});

test('marks a rule required only when its validators say so', () => {
  expect(isRequiredAnswer(model.rules.get('fields.single.whatContent'))).toBe(
    true,
  );
  expect(isRequiredAnswer(model.rules.get('fields.single.anythingElse'))).toBe(
    false,
  );
  expect(
    isRequiredAnswer(
      model.rules.get('fields.single.mediaOutletContributions.value'),
    ),
  ).toBe(false);
  expect(isRequiredAnswer(undefined)).toBe(false);
});

test('builds empty defaults with every answer path present and the calling code 1', () => {
  expect(buildDefaultValues(model)).toEqual({
    personalInfo: {
      firstName: '',
      lastName: '',
      phone: { countryCode: '1', subscriber: '' },
      emailAddress: '',
      countryCode: '',
      provinceCode: '',
    },
    platforms: {
      instagram: { handle: '', followers: '' },
      tiktok: { handle: '', followers: '' },
      youtube: { handle: '', followers: '' },
    },
    fields: {
      single: {
        whatContent: '',
        intendedDeliverables: '',
        supportLevel: '',
        pastCampaigns: '',
        mediaOutletContributions: { value: null, text: '' },
        visitedBefore: '',
        tripDetails: '',
        preferredDates: '',
        flexibleDates: { value: null },
        partySize: '',
        animal: { value: null },
        wheelchairUser: { value: null },
        mayWeAssist: { value: null },
        emergencyContactName: '',
        emergencyContactRelationship: '',
        emergencyContactPhone: '',
        anythingElse: '',
      },
      multi: {},
    },
    honeypot: '',
  });
});

test('gives each call of buildDefaultValues its own phone object', () => {
  const first = buildDefaultValues(model);
  const second = buildDefaultValues(model);
  (first.personalInfo.phone as { subscriber: string }).subscriber = '123';
  expect(second.personalInfo.phone).toEqual({
    countryCode: '1',
    subscriber: '',
  });
});

test('refuses the defaults with one issue per required answer, on the answer paths', () => {
  expect(issuesOf(buildDefaultValues(model))).toEqual([
    {
      path: 'personalInfo.firstName',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'personalInfo.lastName',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'personalInfo.phone.subscriber',
      message: 'Enter the phone number',
      code: 'custom',
    },
    {
      path: 'personalInfo.emailAddress',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'personalInfo.countryCode',
      message: 'Select an option',
      code: 'custom',
    },
    {
      path: 'platforms.filled',
      message: 'Fill at least one platform',
      code: 'custom',
    },
    {
      path: 'fields.single.whatContent',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'fields.single.intendedDeliverables',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'fields.single.supportLevel',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'fields.single.pastCampaigns',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'fields.single.visitedBefore',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'fields.single.tripDetails',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'fields.single.preferredDates',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'fields.single.flexibleDates.value',
      message: 'Choose Yes or No',
      code: 'custom',
    },
    {
      path: 'fields.single.partySize',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'fields.single.animal.value',
      message: 'Choose Yes or No',
      code: 'custom',
    },
    {
      path: 'fields.single.wheelchairUser.value',
      message: 'Choose Yes or No',
      code: 'custom',
    },
    {
      path: 'fields.single.mayWeAssist.value',
      message: 'Choose Yes or No',
      code: 'custom',
    },
    {
      path: 'fields.single.emergencyContactName',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'fields.single.emergencyContactRelationship',
      message: 'This field is required',
      code: 'custom',
    },
    {
      path: 'fields.single.emergencyContactPhone',
      message: 'This field is required',
      code: 'custom',
    },
  ]);
});

test('puts each issue path as an array of keys, as react-hook-form and the server read it', () => {
  const result = schema.safeParse(buildDefaultValues(model));
  expect(result.success).toBe(false);
  expect(result.error?.issues[2]?.path).toEqual([
    'personalInfo',
    'phone',
    'subscriber',
  ]);
});

test('accepts a complete application and returns it unchanged', () => {
  const values = answersFor(model, completeAnswers);
  const result = schema.safeParse(values);
  expect(result.success).toBe(true);
  expect(result.data).toEqual(values);
});

test('refuses an unknown key inside personalInfo', () => {
  const values = answersFor(model, {
    ...completeAnswers,
    'personalInfo.nickname': 'Countess',
  });
  expect(issuesOf(values)).toEqual([
    {
      path: 'personalInfo',
      message: 'Invalid input',
      code: 'unrecognized_keys',
    },
  ]);
  const result = schema.safeParse(values);
  expect(result.error?.issues[0]).toMatchObject({
    code: 'unrecognized_keys',
    keys: ['nickname'],
  });
});

test('refuses an unknown top-level key', () => {
  const values = { ...answersFor(model, completeAnswers), extra: 'x' };
  const result = schema.safeParse(values);
  expect(result.success).toBe(false);
  expect(result.error?.issues).toEqual([
    expect.objectContaining({
      code: 'unrecognized_keys',
      keys: ['extra'],
      path: [],
    }),
  ]);
});

test('refuses a platform that is not offered', () => {
  const values = answersFor(model, {
    ...completeAnswers,
    'platforms.facebook': { handle: 'ada', followers: '1' },
  });
  expect(issuesOf(values)).toEqual([
    {
      path: 'platforms',
      message: 'Invalid input',
      code: 'unrecognized_keys',
    },
  ]);
});

test('refuses a value of the wrong type without running the rules', () => {
  const values = answersFor(model, {
    ...completeAnswers,
    'fields.single.flexibleDates.value': 'No',
  });
  expect(issuesOf(values)).toEqual([
    {
      path: 'fields.single.flexibleDates.value',
      message: 'Invalid input',
      code: 'invalid_type',
    },
  ]);
});

test('refuses a missing group instead of throwing', () => {
  expect(issuesOf({}).map((issue) => issue.path)).toEqual([
    'personalInfo',
    'platforms',
    'fields',
    'honeypot',
  ]);
});

test('requires the follow-up description when the answer is Yes', () => {
  const values = answersFor(model, {
    ...completeAnswers,
    'fields.single.mediaOutletContributions': { value: true, text: '   ' },
  });
  expect(validateAnswers(values, model)).toEqual([
    {
      path: 'fields.single.mediaOutletContributions.text',
      message: 'This field is required',
    },
  ]);
});

test('does not require the follow-up description when the answer is No', () => {
  const values = answersFor(model, {
    ...completeAnswers,
    'fields.single.mediaOutletContributions': { value: false, text: '' },
  });
  expect(validateAnswers(values, model)).toEqual([]);
});

test('does not require the follow-up description while the question is unanswered', () => {
  const values = answersFor(model, {
    ...completeAnswers,
    'fields.single.mediaOutletContributions': { value: null, text: '' },
  });
  expect(validateAnswers(values, model)).toEqual([]);
});

test('caps the follow-up description at 4000 characters', () => {
  const values = answersFor(model, {
    ...completeAnswers,
    'fields.single.mediaOutletContributions': {
      value: true,
      text: 'x'.repeat(4001),
    },
  });
  expect(validateAnswers(values, model)).toEqual([
    {
      path: 'fields.single.mediaOutletContributions.text',
      message: 'Keep this under 4000 characters',
    },
  ]);
});

test.each(['flexibleDates', 'animal', 'wheelchairUser', 'mayWeAssist'])(
  'asks to choose Yes or No for %s',
  (question) => {
    const values = answersFor(model, {
      ...completeAnswers,
      [`fields.single.${question}.value`]: null,
    });
    expect(validateAnswers(values, model)).toEqual([
      { path: `fields.single.${question}.value`, message: 'Choose Yes or No' },
    ]);
  },
);

test('accepts No as an answer to a required yes/no question', () => {
  const values = answersFor(model, {
    ...completeAnswers,
    'fields.single.flexibleDates.value': false,
    'fields.single.mayWeAssist.value': false,
  });
  expect(validateAnswers(values, model)).toEqual([]);
});

test('leaves anythingElse optional', () => {
  const values = answersFor(model, {
    ...completeAnswers,
    'fields.single.anythingElse': '',
  });
  expect(validateAnswers(values, model)).toEqual([]);
});

test('requires a State only when the country is US', () => {
  const inUs = answersFor(model, {
    ...completeAnswers,
    'personalInfo.countryCode': 'US',
  });
  expect(validateAnswers(inUs, model)).toEqual([
    { path: 'personalInfo.provinceCode', message: 'Select an option' },
  ]);
  setAt(inUs, 'personalInfo.provinceCode', 'NY');
  expect(validateAnswers(inUs, model)).toEqual([]);
});

test('shows and requires a follow-up triggered by No only when the answer is No', () => {
  const onNo = inlineModel([
    {
      component: 'yesNo',
      data: {
        path: 'fields.single.firstVisit',
        label: 'First visit?',
        followUp: { label: 'Why not?', trigger: false, multiline: false },
      },
    },
  ]);
  expect(onNo.rules.get('fields.single.firstVisit.text')).toMatchObject({
    showOn: { path: 'fields.single.firstVisit.value', equals: false },
    maxLength: 300,
  });
  expect(
    validateAnswers(
      answersFor(onNo, { 'fields.single.firstVisit.value': false }),
      onNo,
    ),
  ).toEqual([
    {
      path: 'fields.single.firstVisit.text',
      message: 'This field is required',
    },
  ]);
  expect(
    validateAnswers(
      answersFor(onNo, { 'fields.single.firstVisit.value': true }),
      onNo,
    ),
  ).toEqual([]);
});

test('requires a required checkbox to be ticked', () => {
  const withAgreement = inlineModel(
    [
      {
        component: 'checkbox',
        data: { path: 'agreement', label: 'I agree to the terms' },
      },
    ],
    [{ path: 'agreement', validators: ['required'] }],
  );
  expect(buildDefaultValues(withAgreement).agreement).toBe(false);
  expect(
    validateAnswers(buildDefaultValues(withAgreement), withAgreement),
  ).toEqual([{ path: 'agreement', message: 'This field is required' }]);
  expect(
    validateAnswers(
      answersFor(withAgreement, { agreement: true }),
      withAgreement,
    ),
  ).toEqual([]);
});

test('gives a multi select an empty list by default and checks its maximum in the schema', () => {
  const withTopics = inlineModel(
    [
      {
        component: 'select',
        data: {
          path: 'fields.multi.topics',
          label: 'Topics',
          multiple: true,
          options: [
            { name: 'Food', value: 'food' },
            { name: 'Hiking', value: 'hiking' },
          ],
        },
      },
    ],
    [
      {
        path: 'fields.multi.topics',
        validators: ['required', { name: 'maxItems', max: 1 }],
      },
    ],
  );
  const topicsSchema = buildApplicationSchema(withTopics);
  expect(buildDefaultValues(withTopics).fields.multi).toEqual({ topics: [] });
  expect(
    topicsSchema.safeParse(buildDefaultValues(withTopics)).error?.issues,
  ).toEqual([
    {
      code: 'custom',
      path: ['fields', 'multi', 'topics'],
      message: 'Select an option',
    },
  ]);
  expect(
    topicsSchema.safeParse(
      answersFor(withTopics, { 'fields.multi.topics': ['food', 'hiking'] }),
    ).error?.issues,
  ).toEqual([
    {
      code: 'custom',
      path: ['fields', 'multi', 'topics'],
      message: 'Choose at most 1',
    },
  ]);
  expect(
    topicsSchema.safeParse(
      answersFor(withTopics, { 'fields.multi.topics': ['hiking'] }),
    ).success,
  ).toBe(true);
});

test('uses the configured texts for rule messages', () => {
  const french = buildApplicationModel({
    ...exampleConfig,
    texts: { answerRequired: 'Choisissez Oui ou Non' },
  });
  const values = answersFor(french, {
    ...completeAnswers,
    'fields.single.animal.value': null,
  });
  expect(validateAnswers(values, french)).toEqual([
    { path: 'fields.single.animal.value', message: 'Choisissez Oui ou Non' },
  ]);
});

test('refuses text that cannot be stored in any answer, at the control that holds it, before its other rules', () => {
  const unstorable =
    'This answer holds a hidden character that cannot be saved. Please type it instead of pasting it.';
  expect(
    issuesOf(
      answersFor(model, {
        ...completeAnswers,
        'personalInfo.firstName': 'Ada\u0000',
        'personalInfo.phone': { countryCode: '44', subscriber: '7700\u0000' },
        'platforms.instagram': { handle: 'ada\uD83C', followers: '12000' },
        'fields.single.partySize': 'Charles Babbage\u0000, photographer',
      }),
    ),
  ).toEqual(
    [
      'personalInfo.firstName',
      'personalInfo.phone.subscriber',
      'platforms.instagram.handle',
      'fields.single.partySize',
    ].map((path) => ({ path, message: unstorable, code: 'custom' })),
  );
  // A whole character pair (an emoji) is text like any other.
  expect(
    issuesOf(
      answersFor(model, {
        ...completeAnswers,
        'fields.single.partySize': 'Charles Babbage 📷',
      }),
    ),
  ).toEqual([]);
});
