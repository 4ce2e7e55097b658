import { describe, expect, test } from 'vitest';
import {
  buildApplicationModel,
  buildDefaultValues,
  validateAnswers,
} from './application-schema.ts';
import type { FormItem } from './config-schema.ts';
import { setAt } from './paths.ts';
import { buildPayload, parsePayload } from './payload.ts';
import type { PlatformKey } from './platforms.ts';
import {
  answersFor,
  completeAnswersOf,
  inlineModel as inlineConfigModel,
} from '../../tests/support/engine-models.ts';
import { validApplication } from '../../tests/support/fixtures.ts';
import { exampleWith } from '../../tests/support/wizard-configs.ts';

/** The inline models of this file offer Instagram alone unless a test says otherwise. */
const inlineModel = (
  blocks: unknown[],
  formItems: FormItem[] = [],
  platforms: { offered: PlatformKey[]; required: PlatformKey[] } = {
    offered: ['instagram'],
    required: [],
  },
) => inlineConfigModel(blocks, formItems, platforms);

const model = buildApplicationModel(exampleWith());

const youtube = { handle: 'AdaTravels', followers: '700' };

/** The shared valid application with spaces to trim and a second platform. */
const completeAnswers: Record<string, unknown> = {
  ...completeAnswersOf(model),
  'personalInfo.firstName': ' Ada ',
  'personalInfo.phone': { countryCode: '44', subscriber: ' 7700900123 ' },
  'platforms.youtube': youtube,
};

test('builds the exact payload of a complete application on the example configuration', () => {
  const values = answersFor(model, completeAnswers);
  expect(validateAnswers(values, model)).toEqual([]);
  const application = validApplication();
  expect(buildPayload(values, model)).toEqual({
    ...application,
    platforms: { ...application.platforms, youtube },
  });
});

test('sends an empty application as empty groups: the default calling code alone is no answer', () => {
  expect(buildPayload(buildDefaultValues(model), model)).toEqual({
    personalInfo: {},
    platforms: {},
    fields: [],
  });
});

test('flattens nested answers to dotted keys below fields', () => {
  const { fields } = buildPayload(answersFor(model, completeAnswers), model);
  expect(fields.map((field) => field.key)).toContain('single.whatContent');
  expect(fields.map((field) => field.key)).toContain(
    'single.mediaOutletContributions.value',
  );
  expect(fields.every((field) => !field.key.startsWith('fields.'))).toBe(true);
});

test('sends booleans as Yes and No', () => {
  const { fields } = buildPayload(
    answersFor(model, {
      'fields.single.flexibleDates.value': true,
      'fields.single.animal.value': false,
    }),
    model,
  );
  expect(fields).toEqual([
    { key: 'single.flexibleDates.value', value: 'Yes' },
    { key: 'single.animal.value', value: 'No' },
  ]);
});

test('drops an unanswered yes/no question', () => {
  const { fields } = buildPayload(
    answersFor(model, { 'fields.single.flexibleDates.value': null }),
    model,
  );
  expect(fields).toEqual([]);
});

test('trims strings and drops those that are only spaces', () => {
  const { personalInfo, fields } = buildPayload(
    answersFor(model, {
      'personalInfo.lastName': '  Lovelace  ',
      'personalInfo.firstName': '   ',
      'fields.single.whatContent': '\tFood\n',
      'fields.single.visitedBefore': '  ',
    }),
    model,
  );
  expect(personalInfo).toEqual({ lastName: 'Lovelace' });
  expect(fields).toEqual([{ key: 'single.whatContent', value: 'Food' }]);
});

test('does not send the State when the country is not US, even if it holds a value', () => {
  const { personalInfo } = buildPayload(
    answersFor(model, {
      'personalInfo.countryCode': 'GB',
      'personalInfo.provinceCode': 'NY',
    }),
    model,
  );
  expect(personalInfo).toEqual({ countryCode: 'GB' });
});

test('sends the State when the country is US', () => {
  const { personalInfo } = buildPayload(
    answersFor(model, {
      'personalInfo.countryCode': 'US',
      'personalInfo.provinceCode': 'NY',
    }),
    model,
  );
  expect(personalInfo).toEqual({
    countryCode: 'US',
    provinceCode: 'NY',
  });
});

test('does not send the follow-up description when the answer is No, even if it holds text', () => {
  const { fields } = buildPayload(
    answersFor(model, {
      'fields.single.mediaOutletContributions': {
        value: false,
        text: 'Guardian travel, 2024',
      },
    }),
    model,
  );
  expect(fields).toEqual([
    { key: 'single.mediaOutletContributions.value', value: 'No' },
  ]);
});

test('does not send the follow-up description while the question is unanswered', () => {
  const { fields } = buildPayload(
    answersFor(model, {
      'fields.single.mediaOutletContributions': {
        value: null,
        text: 'typed before',
      },
    }),
    model,
  );
  expect(fields).toEqual([]);
});

test('omits the phone when both its parts are empty', () => {
  const { personalInfo } = buildPayload(
    answersFor(model, {
      'personalInfo.phone': { countryCode: '', subscriber: ' ' },
      'personalInfo.firstName': 'Ada',
    }),
    model,
  );
  expect(personalInfo).toEqual({ firstName: 'Ada' });
});

test('omits a phone whose number is empty, whatever calling code it shows', () => {
  const { personalInfo } = buildPayload(
    answersFor(model, {
      'personalInfo.phone': { countryCode: '44', subscriber: ' ' },
    }),
    model,
  );
  expect(personalInfo).toEqual({});
});

test('sends the part of the phone that is filled', () => {
  const { personalInfo } = buildPayload(
    answersFor(model, {
      'personalInfo.phone': { countryCode: '', subscriber: '555' },
    }),
    model,
  );
  expect(personalInfo).toEqual({ phone: { subscriber: '555' } });
});

test('never sends platforms.filled, honeypot or agreement when they are not set', () => {
  const values = answersFor(model, completeAnswers);
  setAt(values, 'platforms.filled', true);
  const payload = buildPayload(values, model);
  expect(Object.keys(payload).sort()).toEqual([
    'fields',
    'personalInfo',
    'platforms',
  ]);
  expect(Object.keys(payload.platforms).sort()).toEqual([
    'instagram',
    'youtube',
  ]);
  expect(JSON.stringify(payload)).not.toContain('filled');
});

test('sends only platforms that have a handle', () => {
  const { platforms } = buildPayload(
    answersFor(model, {
      'platforms.instagram': { handle: ' ada.travels ', followers: ' 12000 ' },
      'platforms.tiktok': { handle: '', followers: '5000' },
      'platforms.youtube': { handle: '  ', followers: '' },
    }),
    model,
  );
  expect(platforms).toEqual({
    instagram: { handle: 'ada.travels', followers: '12000' },
  });
});

const allPlatformsModel = inlineModel(
  [{ component: 'platforms', data: { label: 'Platforms' } }],
  [],
  {
    offered: ['instagram', 'website', 'linkedin', 'threads', 'reddit'],
    required: [],
  },
);

test('sends LinkedIn, Threads and Reddit under fields and the website under platforms', () => {
  const payload = buildPayload(
    answersFor(allPlatformsModel, {
      'platforms.instagram': { handle: 'ada.travels', followers: '12000' },
      'platforms.website': {
        url: ' https://ada.travel ',
        monthlyTraffic: '3000',
      },
      'platforms.linkedin': { handle: 'ada-lovelace', followers: '800' },
      'platforms.threads': { handle: '@ada', followers: '' },
      'platforms.reddit': { handle: '', followers: '40' },
    }),
    allPlatformsModel,
  );
  expect(payload).toEqual({
    personalInfo: {},
    platforms: {
      instagram: { handle: 'ada.travels', followers: '12000' },
      website: { url: 'https://ada.travel', monthlyTraffic: '3000' },
    },
    fields: [
      { key: 'single.linkedin.handle', value: 'ada-lovelace' },
      { key: 'single.linkedin.followers', value: '800' },
      { key: 'single.threads.handle', value: '@ada' },
    ],
  });
});

test('sends a platform with a handle but no followers without the followers', () => {
  const { platforms } = buildPayload(
    answersFor(model, {
      'platforms.youtube': { handle: 'AdaTravels', followers: '' },
    }),
    model,
  );
  expect(platforms).toEqual({ youtube: { handle: 'AdaTravels' } });
});

test('sends the website only when it has a url', () => {
  const { platforms } = buildPayload(
    answersFor(allPlatformsModel, {
      'platforms.website': { url: '', monthlyTraffic: '3000' },
    }),
    allPlatformsModel,
  );
  expect(platforms).toEqual({});
});

test('ignores answers for a platform that is not offered', () => {
  const values = answersFor(allPlatformsModel, {});
  setAt(values, 'platforms.facebook', { handle: 'ada', followers: '1' });
  expect(buildPayload(values, allPlatformsModel).platforms).toEqual({});
});

test('sends the honeypot only when it is filled', () => {
  const values = answersFor(allPlatformsModel, {});
  expect(buildPayload(values, allPlatformsModel)).not.toHaveProperty(
    'honeypot',
  );
  values.honeypot = '   ';
  expect(buildPayload(values, allPlatformsModel)).not.toHaveProperty(
    'honeypot',
  );
  values.honeypot = 'http://spam.example';
  expect(buildPayload(values, allPlatformsModel).honeypot).toBe(
    'http://spam.example',
  );
});

const formModel = inlineModel(
  [
    { component: 'checkbox', data: { path: 'agreement', label: 'I agree' } },
    {
      component: 'yesNo',
      data: { path: 'fields.single.freelance', label: 'Freelance?' },
    },
    {
      component: 'textInput',
      data: { path: 'personalInfo.company', label: 'Company' },
    },
    {
      component: 'select',
      data: {
        path: 'fields.multi.topics',
        label: 'Topics',
        multiple: true,
        options: [
          { name: 'Food', value: 'food' },
          { name: 'Hiking', value: 'hiking' },
          { name: 'Museums', value: 'museums' },
        ],
      },
    },
    {
      component: 'select',
      data: {
        path: 'fields.single.season',
        label: 'Season',
        options: [{ name: 'Spring', value: 'spring' }],
      },
    },
  ],
  [
    { path: 'agreement', validators: ['required'] },
    {
      path: 'personalInfo.company',
      validators: ['required'],
      disableOnCondition: {
        path: 'fields.single.freelance.value',
        equals: true,
      },
    },
  ],
);

test('never sends the agreement', () => {
  const payload = buildPayload(
    answersFor(formModel, { agreement: true }),
    formModel,
  );
  expect(payload).toEqual({ personalInfo: {}, platforms: {}, fields: [] });
});

test('joins the values of a multi select with a comma and a space', () => {
  const { fields } = buildPayload(
    answersFor(formModel, { 'fields.multi.topics': ['food', 'hiking'] }),
    formModel,
  );
  expect(fields).toEqual([{ key: 'multi.topics', value: 'food, hiking' }]);
});

test('drops an empty multi select and an empty single select', () => {
  const { fields } = buildPayload(
    answersFor(formModel, {
      'fields.multi.topics': [],
      'fields.single.season': '',
    }),
    formModel,
  );
  expect(fields).toEqual([]);
});

test('sends a single select by its value', () => {
  const { fields } = buildPayload(
    answersFor(formModel, { 'fields.single.season': 'spring' }),
    formModel,
  );
  expect(fields).toEqual([{ key: 'single.season', value: 'spring' }]);
});

test('does not send a field while it is disabled', () => {
  const disabled = buildPayload(
    answersFor(formModel, {
      'fields.single.freelance.value': true,
      'personalInfo.company': 'Wanderlust Ltd',
    }),
    formModel,
  );
  expect(disabled.personalInfo).toEqual({});
  const enabled = buildPayload(
    answersFor(formModel, {
      'fields.single.freelance.value': false,
      'personalInfo.company': 'Wanderlust Ltd',
    }),
    formModel,
  );
  expect(enabled.personalInfo).toEqual({ company: 'Wanderlust Ltd' });
});

test('copes with missing groups', () => {
  expect(buildPayload({}, formModel)).toEqual({
    personalInfo: {},
    platforms: {},
    fields: [],
  });
});

describe('parsePayload', () => {
  const complete = () =>
    buildPayload(answersFor(model, completeAnswers), model);

  test('reads back what buildPayload sends, unchanged', () => {
    const payload = complete();
    expect(parsePayload(JSON.parse(JSON.stringify(payload)), model)).toEqual({
      ok: true,
      payload,
      isHoneypot: false,
    });
  });

  test('trims strings and accepts the same application with different spacing', () => {
    const payload = complete();
    const spaced = {
      ...payload,
      personalInfo: { ...payload.personalInfo, firstName: '  Ada ' },
    };
    const result = parsePayload(spaced, model);
    expect(result.ok && result.payload.personalInfo.firstName).toBe('Ada');
  });

  test('names unknown keys at every level', () => {
    const payload = complete();
    const result = parsePayload(
      {
        ...payload,
        personalInfo: { ...payload.personalInfo, nickname: 'Countess' },
        platforms: {
          ...payload.platforms,
          facebook: { handle: 'ada', followers: '1' },
        },
        fields: [
          ...payload.fields,
          { key: 'single.favouriteColour', value: 'teal' },
        ],
      },
      model,
    );
    expect(result.ok ? [] : result.issues).toEqual([
      { path: 'personalInfo.nickname', message: 'Unknown key' },
      { path: 'platforms.facebook.handle', message: 'Unknown key' },
      { path: 'platforms.facebook.followers', message: 'Unknown key' },
      {
        path: `fields[${payload.fields.length}]`,
        message: 'Unknown key "single.favouriteColour"',
      },
    ]);
  });

  test('applies every rule of the browser to a payload that skipped it', () => {
    const payload = complete();
    const result = parsePayload(
      {
        ...payload,
        personalInfo: {
          ...payload.personalInfo,
          emailAddress: 'ada@localhost',
          firstName: '   ',
        },
        platforms: {
          instagram: { handle: 'https://instagram.com/ada', followers: '12k' },
        },
        fields: payload.fields.filter(
          (field) => field.key !== 'single.animal.value',
        ),
      },
      model,
    );
    expect(result.ok ? [] : result.issues).toEqual([
      { path: 'personalInfo.firstName', message: 'This field is required' },
      {
        path: 'personalInfo.emailAddress',
        message: 'Enter a valid email address',
      },
      {
        path: 'platforms.instagram.handle',
        message: 'Enter your username only',
      },
      {
        path: 'platforms.instagram.followers',
        message: 'Enter a valid number',
      },
      { path: 'platforms.filled', message: 'Fill at least one platform' },
      { path: 'fields.single.animal.value', message: 'Choose Yes or No' },
    ]);
  });

  test('refuses an answer the form hides, such as a state outside the United States', () => {
    const payload = complete();
    const result = parsePayload(
      {
        ...payload,
        personalInfo: { ...payload.personalInfo, provinceCode: 'CA' },
      },
      model,
    );
    expect(result.ok ? [] : result.issues).toEqual([
      {
        path: 'personalInfo.provinceCode',
        message: 'This answer is not asked for',
      },
    ]);
  });

  test('refuses wrong types and Yes/No answers that are neither', () => {
    const payload = complete();
    const result = parsePayload(
      {
        ...payload,
        personalInfo: {
          ...payload.personalInfo,
          firstName: 5,
          phone: { countryCode: 44, subscriber: '1' },
        },
        fields: [{ key: 'single.flexibleDates.value', value: 'Maybe' }],
      },
      model,
    );
    expect(result.ok ? [] : result.issues).toEqual([
      { path: 'personalInfo.firstName', message: 'Expected text' },
      { path: 'personalInfo.phone.countryCode', message: 'Expected text' },
      {
        path: 'fields.single.flexibleDates.value',
        message: 'Expected "Yes" or "No"',
      },
    ]);
  });

  test('marks a filled honeypot and never returns it', () => {
    const result = parsePayload(
      { ...complete(), honeypot: 'https://spam.example' },
      model,
    );
    expect(result.ok && result.isHoneypot).toBe(true);
    expect(result.ok && 'honeypot' in result.payload).toBe(false);
  });
});
