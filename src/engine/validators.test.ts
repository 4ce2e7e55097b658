import { expect, test } from 'vitest';
import { buildDefaultValues, validateAnswers } from './application-schema.ts';
import type { FormItem } from './config-schema.ts';
import { answersFor, inlineModel } from '../../tests/support/engine-models.ts';
import {
  checkCount,
  checkDigits,
  checkEmail,
  checkHandle,
  checkPhone,
  checkPhoneText,
  checkStorable,
  checkWebsiteUrl,
  checkZip,
  maxLengths,
} from './validators.ts';

const fieldBlocks = [
  {
    component: 'textInput',
    data: { path: 'personalInfo.firstName', label: 'First Name' },
  },
  {
    component: 'textInput',
    data: {
      path: 'personalInfo.emailAddress',
      label: 'Email',
      inputType: 'email',
    },
  },
  { component: 'phone', data: { path: 'personalInfo.phone', label: 'Phone' } },
  { component: 'textInput', data: { path: 'personalInfo.zip', label: 'ZIP' } },
  {
    component: 'select',
    data: {
      path: 'personalInfo.countryCode',
      label: 'Country',
      options: 'countries',
    },
  },
  {
    component: 'select',
    data: {
      path: 'personalInfo.provinceCode',
      label: 'State',
      options: 'usStates',
    },
  },
  {
    component: 'textInput',
    data: { path: 'fields.single.audience', label: 'Audience' },
  },
  {
    component: 'textInput',
    data: { path: 'fields.single.guests', label: 'Guests' },
  },
  {
    component: 'textInput',
    data: { path: 'fields.single.blog', label: 'Blog' },
  },
  {
    component: 'textInput',
    data: { path: 'fields.single.mainHandle', label: 'Main handle' },
  },
  {
    component: 'textInput',
    data: {
      path: 'fields.single.emergencyContactPhone',
      label: 'Emergency phone',
    },
  },
  {
    component: 'textInput',
    data: { path: 'fields.single.bio', label: 'Bio', multiline: true },
  },
  {
    component: 'textInput',
    data: { path: 'fields.single.tagline', label: 'Tagline' },
  },
  {
    component: 'textInput',
    data: { path: 'fields.single.nickname', label: 'Nickname' },
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
];

const fieldItems: FormItem[] = [
  { path: 'personalInfo.firstName', validators: ['required'] },
  { path: 'personalInfo.emailAddress', validators: ['required', 'email'] },
  { path: 'personalInfo.phone', validators: ['phone'] },
  { path: 'personalInfo.zip', validators: ['zip'] },
  { path: 'personalInfo.countryCode', validators: ['required'] },
  {
    path: 'personalInfo.provinceCode',
    validators: ['required'],
    showOnCondition: { path: 'personalInfo.countryCode', equals: 'US' },
  },
  { path: 'fields.single.audience', validators: ['followers'] },
  { path: 'fields.single.guests', validators: ['digits'] },
  { path: 'fields.single.blog', validators: ['websiteUrl'] },
  { path: 'fields.single.mainHandle', validators: ['handle'] },
  { path: 'fields.single.emergencyContactPhone', validators: ['phoneText'] },
  {
    path: 'fields.single.tagline',
    validators: [{ name: 'maxLength', max: 20 }],
  },
  { path: 'fields.multi.topics', validators: [{ name: 'maxItems', max: 2 }] },
];

const modelWith = (formItems: FormItem[]) =>
  inlineModel(fieldBlocks, formItems);

const model = modelWith(fieldItems);
const requiredPhoneModel = modelWith([
  { path: 'personalInfo.phone', validators: ['required', 'phone'] },
]);

/** The messages `validateAnswers` gives at one path, for the defaults overwritten by `answers`. */
function messagesAt(
  path: string,
  answers: Record<string, unknown>,
  on = model,
): string[] {
  return validateAnswers(answersFor(on, answers), on)
    .filter((issue) => issue.path === path)
    .map((issue) => issue.message);
}

test('asks for a required text that is empty', () => {
  expect(
    messagesAt('personalInfo.firstName', { 'personalInfo.firstName': '' }),
  ).toEqual(['This field is required']);
});

test('asks for a required text that holds only spaces', () => {
  expect(
    messagesAt('personalInfo.firstName', { 'personalInfo.firstName': '   ' }),
  ).toEqual(['This field is required']);
});

test('accepts a required text with content', () => {
  expect(
    messagesAt('personalInfo.firstName', { 'personalInfo.firstName': ' Ada ' }),
  ).toEqual([]);
});

test('leaves an optional empty text alone', () => {
  expect(
    messagesAt('fields.single.nickname', { 'fields.single.nickname': '' }),
  ).toEqual([]);
});

test('accepts ada@example.com as an e-mail address', () => {
  expect(
    messagesAt('personalInfo.emailAddress', {
      'personalInfo.emailAddress': 'ada@example.com',
    }),
  ).toEqual([]);
});

test.each([
  'ada@localhost',
  'ada@',
  'a b@x.io',
  '@example.com',
  'ada.example.com',
  'ada@example..com',
])('refuses %j as an e-mail address', (email) => {
  expect(
    messagesAt('personalInfo.emailAddress', {
      'personalInfo.emailAddress': email,
    }),
  ).toEqual(['Enter a valid email address']);
});

test('asks for an empty e-mail address before checking its pattern', () => {
  expect(
    messagesAt('personalInfo.emailAddress', {
      'personalInfo.emailAddress': '',
    }),
  ).toEqual(['This field is required']);
});

test('checks the e-mail pattern on the trimmed value', () => {
  expect(checkEmail('  ada@example.com  ')).toBeNull();
  expect(checkEmail('ada@example.com')).toBeNull();
  expect(checkEmail('ada@localhost')).toBe('email');
});

test('refuses a phone subscriber with anything but digits', () => {
  expect(
    messagesAt('personalInfo.phone.subscriber', {
      'personalInfo.phone': { countryCode: '44', subscriber: '7700 900-123' },
    }),
  ).toEqual(['Enter digits only']);
});

test('accepts a phone subscriber of digits with a known calling code', () => {
  const answers = {
    'personalInfo.phone': { countryCode: '44', subscriber: '7700900123' },
  };
  expect(messagesAt('personalInfo.phone.countryCode', answers)).toEqual([]);
  expect(messagesAt('personalInfo.phone.subscriber', answers)).toEqual([]);
});

test('asks for the calling code when only a subscriber is entered', () => {
  const answers = {
    'personalInfo.phone': { countryCode: '', subscriber: '7700900123' },
  };
  expect(messagesAt('personalInfo.phone.countryCode', answers)).toEqual([
    'Select a calling code',
  ]);
  expect(messagesAt('personalInfo.phone.subscriber', answers)).toEqual([]);
});

test('leaves an optional phone alone when only a calling code is chosen: the picker always shows one', () => {
  for (const countryCode of ['1', '44', 'not a code']) {
    const answers = { 'personalInfo.phone': { countryCode, subscriber: ' ' } };
    expect(messagesAt('personalInfo.phone.subscriber', answers)).toEqual([]);
    expect(messagesAt('personalInfo.phone.countryCode', answers)).toEqual([]);
  }
});

test('leaves an optional phone alone when both parts are empty', () => {
  const answers = { 'personalInfo.phone': { countryCode: '', subscriber: '' } };
  expect(messagesAt('personalInfo.phone.countryCode', answers)).toEqual([]);
  expect(messagesAt('personalInfo.phone.subscriber', answers)).toEqual([]);
});

test('asks a required phone for its number, and for nothing else until it has one', () => {
  const answers = { 'personalInfo.phone': { countryCode: '', subscriber: '' } };
  expect(
    messagesAt('personalInfo.phone.countryCode', answers, requiredPhoneModel),
  ).toEqual([]);
  expect(
    messagesAt('personalInfo.phone.subscriber', answers, requiredPhoneModel),
  ).toEqual(['Enter the phone number']);
});

test('asks for the subscriber of a required phone that keeps the default calling code', () => {
  const values = buildDefaultValues(requiredPhoneModel);
  expect(values.personalInfo.phone).toEqual({
    countryCode: '1',
    subscriber: '',
  });
  expect(validateAnswers(values, requiredPhoneModel)).toEqual([
    {
      path: 'personalInfo.phone.subscriber',
      message: 'Enter the phone number',
    },
  ]);
});

test('refuses a calling code that no country has', () => {
  expect(
    messagesAt('personalInfo.phone.countryCode', {
      'personalInfo.phone': { countryCode: '999', subscriber: '5551234' },
    }),
  ).toEqual(['Select a calling code']);
});

test('accepts 1-809 as a calling code', () => {
  const answers = {
    'personalInfo.phone': { countryCode: '1-809', subscriber: '5551234' },
  };
  expect(messagesAt('personalInfo.phone.countryCode', answers)).toEqual([]);
  expect(messagesAt('personalInfo.phone.subscriber', answers)).toEqual([]);
});

test('caps the phone subscriber at 15 digits', () => {
  expect(
    messagesAt('personalInfo.phone.subscriber', {
      'personalInfo.phone': {
        countryCode: '44',
        subscriber: '1234567890123456',
      },
    }),
  ).toEqual(['Keep this under 15 characters']);
  expect(
    messagesAt('personalInfo.phone.subscriber', {
      'personalInfo.phone': {
        countryCode: '44',
        subscriber: '123456789012345',
      },
    }),
  ).toEqual([]);
});

test('reports each phone part on its own path from checkPhone', () => {
  expect(checkPhone({ countryCode: '', subscriber: 'abc' }, false)).toEqual([
    { part: 'countryCode', message: 'phoneCodeRequired' },
    { part: 'subscriber', message: 'digitsOnly' },
  ]);
  expect(checkPhone({ countryCode: ' ', subscriber: ' ' }, true)).toEqual([
    { part: 'subscriber', message: 'phoneSubscriberRequired' },
  ]);
  expect(checkPhone({ countryCode: '1', subscriber: ' ' }, false)).toEqual([]);
  expect(checkPhone({ countryCode: '1', subscriber: '5551234' }, true)).toEqual(
    [],
  );
});

test.each(['12345', '12345-6789', '1234 56', ' 90210 '])(
  'accepts %j as a ZIP code',
  (zip) => {
    expect(messagesAt('personalInfo.zip', { 'personalInfo.zip': zip })).toEqual(
      [],
    );
  },
);

test.each(['SW1A 1AA', '12345+1', '1234_5'])(
  'refuses %j as a ZIP code',
  (zip) => {
    expect(messagesAt('personalInfo.zip', { 'personalInfo.zip': zip })).toEqual(
      ['Enter a valid ZIP code'],
    );
  },
);

test('accepts a follower count of digits', () => {
  expect(
    messagesAt('fields.single.audience', { 'fields.single.audience': '12000' }),
  ).toEqual([]);
});

test.each(['12k', '12,000', '12.5', '-3', '1e4'])(
  'refuses %j as a follower count',
  (count) => {
    expect(
      messagesAt('fields.single.audience', { 'fields.single.audience': count }),
    ).toEqual(['Enter a valid number']);
  },
);

test('refuses a digits-only answer with other characters', () => {
  expect(
    messagesAt('fields.single.guests', { 'fields.single.guests': '2 adults' }),
  ).toEqual(['Enter digits only']);
  expect(
    messagesAt('fields.single.guests', { 'fields.single.guests': '4' }),
  ).toEqual([]);
});

test('keeps the three count checks strict about digits', () => {
  expect(checkDigits('0042')).toBeNull();
  expect(checkDigits('42a')).toBe('digitsOnly');
  expect(checkCount(' 300 ')).toBeNull();
  expect(checkCount('')).toBe('followers');
  expect(checkZip('')).toBe('zip');
});

test.each([
  'ada.io',
  'ada.travel',
  'https://ada.io',
  'http://ada.travel',
  'www.ada.com/blog?x=1',
  'https://www.ada.com/blog?x=1',
  'blog.ada.co.uk',
  'ada-travels.com/posts/2024/lisbon#top',
])('accepts %j as a website URL', (url) => {
  expect(
    messagesAt('fields.single.blog', { 'fields.single.blog': url }),
  ).toEqual([]);
});

test.each([
  'ada.example',
  'https://ada.example',
  'javascript:alert(1)',
  'ada',
  'x.io',
  'ada.c0m',
  'ada.i',
  'ftp://ada.io',
  'https://ada .io',
])('refuses %j as a website URL', (url) => {
  expect(
    messagesAt('fields.single.blog', { 'fields.single.blog': url }),
  ).toEqual(['Enter your website URL']);
});

test('accepts a two-letter and a six-letter top-level domain', () => {
  expect(checkWebsiteUrl('ada.io')).toBeNull();
  expect(checkWebsiteUrl('ada.travel')).toBeNull();
});

test('refuses a 7-letter TLD', () => {
  expect(checkWebsiteUrl('ada.example')).toBe('websiteUrl');
  expect(checkWebsiteUrl('https://ada.example')).toBe('websiteUrl');
});

test('refuses a host part shorter than 2 characters', () => {
  expect(checkWebsiteUrl('a.io')).toBe('websiteUrl');
  expect(checkWebsiteUrl('ab.io')).toBeNull();
});

test('refuses a host part longer than 256 characters', () => {
  expect(checkWebsiteUrl(`${'a'.repeat(256)}.io`)).toBeNull();
  expect(checkWebsiteUrl(`${'a'.repeat(257)}.io`)).toBe('websiteUrl');
});

test('refuses a website URL longer than 2048 characters', () => {
  const path = 'p'.repeat(2048 - 'https://ada.io/'.length);
  expect(checkWebsiteUrl(`https://ada.io/${path}`)).toBeNull();
  expect(checkWebsiteUrl(`https://ada.io/${path}p`)).toBe('websiteUrl');
});

test.each([
  'https://instagram.com/ada',
  'instagram.com/ada',
  'www.instagram.com/ada',
  'http://ada',
  'WWW.ada',
])('refuses %j as a username', (handle) => {
  expect(
    messagesAt('fields.single.mainHandle', {
      'fields.single.mainHandle': handle,
    }),
  ).toEqual(['Enter your username only']);
});

test.each(['ada.travels', '@ada', 'ada_travels', 'Ada Lovelace'])(
  'accepts %j as a username',
  (handle) => {
    expect(
      messagesAt('fields.single.mainHandle', {
        'fields.single.mainHandle': handle,
      }),
    ).toEqual([]);
    expect(checkHandle(handle)).toBeNull();
  },
);

test('accepts a free-text phone number with a plus, spaces and brackets', () => {
  expect(
    messagesAt('fields.single.emergencyContactPhone', {
      'fields.single.emergencyContactPhone': '+44 (20) 7946-0000',
    }),
  ).toEqual([]);
});

test('refuses a free-text phone number with letters or too few digits', () => {
  expect(
    messagesAt('fields.single.emergencyContactPhone', {
      'fields.single.emergencyContactPhone': 'call my mum',
    }),
  ).toEqual(['Enter a valid phone number']);
  expect(checkPhoneText('(12) 34')).toBe('phoneText');
  expect(checkPhoneText('123456')).toBeNull();
});

test('requires the state when the country is US', () => {
  expect(
    messagesAt('personalInfo.provinceCode', {
      'personalInfo.countryCode': 'US',
      'personalInfo.provinceCode': '',
    }),
  ).toEqual(['Select an option']);
  expect(
    messagesAt('personalInfo.provinceCode', {
      'personalInfo.countryCode': 'US',
      'personalInfo.provinceCode': 'CA',
    }),
  ).toEqual([]);
});

test('does not require the state when the country is not US', () => {
  expect(
    messagesAt('personalInfo.provinceCode', {
      'personalInfo.countryCode': 'GB',
      'personalInfo.provinceCode': '',
    }),
  ).toEqual([]);
});

test('does not validate a hidden state that still holds a value', () => {
  expect(
    messagesAt('personalInfo.provinceCode', {
      'personalInfo.countryCode': 'GB',
      'personalInfo.provinceCode': 'not-a-state',
    }),
  ).toEqual([]);
});

test('asks for a required select left on no option', () => {
  expect(
    messagesAt('personalInfo.countryCode', { 'personalInfo.countryCode': '' }),
  ).toEqual(['Select an option']);
});

test('refuses a select value that is not one of its options', () => {
  expect(
    messagesAt('personalInfo.countryCode', {
      'personalInfo.countryCode': 'XX',
    }),
  ).toEqual(['Select an option']);
  expect(
    messagesAt('fields.multi.topics', {
      'fields.multi.topics': ['food', 'surfing'],
    }),
  ).toEqual(['Select an option']);
});

test('accepts a multi select up to its maximum', () => {
  expect(
    messagesAt('fields.multi.topics', { 'fields.multi.topics': [] }),
  ).toEqual([]);
  expect(
    messagesAt('fields.multi.topics', {
      'fields.multi.topics': ['food', 'hiking'],
    }),
  ).toEqual([]);
});

test('refuses a multi select past its maximum', () => {
  expect(
    messagesAt('fields.multi.topics', {
      'fields.multi.topics': ['food', 'hiking', 'museums'],
    }),
  ).toEqual(['Choose at most 2']);
});

test('caps a single-line text at 300 characters', () => {
  expect(
    messagesAt('fields.single.nickname', {
      'fields.single.nickname': 'x'.repeat(300),
    }),
  ).toEqual([]);
  expect(
    messagesAt('fields.single.nickname', {
      'fields.single.nickname': 'x'.repeat(301),
    }),
  ).toEqual(['Keep this under 300 characters']);
});

test('caps a multiline text at 4000 characters', () => {
  expect(
    messagesAt('fields.single.bio', { 'fields.single.bio': 'x'.repeat(4000) }),
  ).toEqual([]);
  expect(
    messagesAt('fields.single.bio', { 'fields.single.bio': 'x'.repeat(4001) }),
  ).toEqual(['Keep this under 4000 characters']);
});

test('applies a configured maxLength below the default cap', () => {
  expect(
    messagesAt('fields.single.tagline', {
      'fields.single.tagline': 'x'.repeat(20),
    }),
  ).toEqual([]);
  expect(
    messagesAt('fields.single.tagline', {
      'fields.single.tagline': 'x'.repeat(21),
    }),
  ).toEqual(['Keep this under 20 characters']);
});

test('checks length before the pattern so an over-long e-mail gets the length message', () => {
  expect(
    messagesAt('personalInfo.emailAddress', {
      'personalInfo.emailAddress': `${'a'.repeat(300)}@example.com`,
    }),
  ).toEqual(['Keep this under 300 characters']);
});

test('keeps the length caps the README documents', () => {
  expect(maxLengths).toEqual({
    line: 300,
    multiline: 4000,
    handle: 100,
    count: 15,
    url: 2048,
  });
});

test('refuses a website with a scheme other than http(s), even when the rest looks like a host', () => {
  expect(checkWebsiteUrl('javascript:ada.io')).toBe('websiteUrl');
  expect(checkWebsiteUrl('javascript:a.com//%0aalert%281%29')).toBe(
    'websiteUrl',
  );
  expect(checkWebsiteUrl('data:ada.io')).toBe('websiteUrl');
  expect(checkWebsiteUrl('HTTPS://ada.io')).toBeNull();
});

test.each([
  'Ada\u0000',
  '\u0000',
  'half \uD83C pair',
  '\uDC00 alone',
  'b\uDBFF',
])('refuses %j as text no database keeps', (text) => {
  expect(checkStorable(text)).toBe('unstorableText');
});

test.each(['Ada', '', 'Charles Babbage 📷', 'رحلة', '\t\n'])(
  'keeps %j',
  (text) => {
    expect(checkStorable(text)).toBeNull();
  },
);
