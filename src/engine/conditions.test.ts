import { expect, test } from 'vitest';
import {
  buildDefaultValues,
  validateAnswers,
  type ApplicationModel,
} from './application-schema.ts';
import {
  isActive,
  isConditionMet,
  isDisabled,
  isShown,
  type ConditionalRule,
} from './conditions.ts';
import { answersFor, inlineModel } from '../../tests/support/engine-models.ts';
import { buildPayload } from './payload.ts';
import { setAt } from './paths.ts';

const values = {
  personalInfo: { countryCode: 'US', provinceCode: 'NY', company: '' },
  fields: {
    single: {
      animal: { value: true, text: 'A guide dog' },
      tags: [],
      wheelchairUser: { value: false },
      visits: 0,
    },
  },
};

test('meets an equals condition only on the exact value', () => {
  expect(
    isConditionMet({ path: 'personalInfo.countryCode', equals: 'US' }, values),
  ).toBe(true);
  expect(
    isConditionMet({ path: 'personalInfo.countryCode', equals: 'us' }, values),
  ).toBe(false);
  expect(
    isConditionMet(
      { path: 'fields.single.animal.value', equals: true },
      values,
    ),
  ).toBe(true);
  expect(
    isConditionMet(
      { path: 'fields.single.wheelchairUser.value', equals: true },
      values,
    ),
  ).toBe(false);
});

test('does not treat false, 0 and an empty string as equal', () => {
  expect(
    isConditionMet(
      { path: 'fields.single.wheelchairUser.value', equals: false },
      values,
    ),
  ).toBe(true);
  expect(
    isConditionMet(
      { path: 'fields.single.wheelchairUser.value', equals: 0 },
      values,
    ),
  ).toBe(false);
  expect(
    isConditionMet({ path: 'fields.single.visits', equals: 0 }, values),
  ).toBe(true);
  expect(
    isConditionMet({ path: 'fields.single.visits', equals: '' }, values),
  ).toBe(false);
});

test('meets an equals-null condition on an unanswered yes/no question', () => {
  expect(
    isConditionMet(
      { path: 'fields.single.mayWeAssist.value', equals: null },
      { fields: { single: { mayWeAssist: { value: null } } } },
    ),
  ).toBe(true);
  expect(
    isConditionMet(
      { path: 'fields.single.mayWeAssist.value', equals: null },
      values,
    ),
  ).toBe(false);
});

test('meets a oneOf condition when the value is any of the options', () => {
  expect(
    isConditionMet(
      { path: 'personalInfo.countryCode', oneOf: ['CA', 'US'] },
      values,
    ),
  ).toBe(true);
  expect(
    isConditionMet(
      { path: 'personalInfo.countryCode', oneOf: ['CA', 'MX'] },
      values,
    ),
  ).toBe(false);
  expect(
    isConditionMet({ path: 'personalInfo.countryCode', oneOf: [] }, values),
  ).toBe(false);
});

test('meets a filled condition on a non-empty value', () => {
  expect(
    isConditionMet({ path: 'personalInfo.provinceCode', filled: true }, values),
  ).toBe(true);
  expect(
    isConditionMet(
      { path: 'personalInfo.provinceCode', filled: false },
      values,
    ),
  ).toBe(false);
});

test('counts an empty string, an empty array and a missing path as not filled', () => {
  expect(
    isConditionMet({ path: 'personalInfo.company', filled: false }, values),
  ).toBe(true);
  expect(
    isConditionMet({ path: 'fields.single.tags', filled: false }, values),
  ).toBe(true);
  expect(
    isConditionMet({ path: 'fields.single.nothing', filled: false }, values),
  ).toBe(true);
  expect(
    isConditionMet({ path: 'fields.single.nothing', filled: true }, values),
  ).toBe(false);
});

test('counts a string of spaces as not filled', () => {
  expect(
    isConditionMet(
      { path: 'personalInfo.company', filled: true },
      { personalInfo: { company: '   ' } },
    ),
  ).toBe(false);
});

test('counts false as a filled answer', () => {
  expect(
    isConditionMet(
      { path: 'fields.single.wheelchairUser.value', filled: true },
      values,
    ),
  ).toBe(true);
});

test('shows a field without a condition', () => {
  expect(isShown('personalInfo.company', values, new Map())).toBe(true);
});

test('shows a field only while its condition holds', () => {
  const rules = new Map<string, ConditionalRule>([
    [
      'personalInfo.provinceCode',
      { showOn: { path: 'personalInfo.countryCode', equals: 'US' } },
    ],
  ]);
  expect(isShown('personalInfo.provinceCode', values, rules)).toBe(true);
  expect(
    isShown(
      'personalInfo.provinceCode',
      { personalInfo: { countryCode: 'GB' } },
      rules,
    ),
  ).toBe(false);
});

test('hides a follow-up of a hidden question even when its own condition holds', () => {
  const rules = new Map<string, ConditionalRule>([
    [
      'fields.single.animal.value',
      { showOn: { path: 'personalInfo.countryCode', equals: 'GB' } },
    ],
    [
      'fields.single.animal.text',
      { showOn: { path: 'fields.single.animal.value', equals: true } },
    ],
  ]);
  expect(
    isConditionMet(
      { path: 'fields.single.animal.value', equals: true },
      values,
    ),
  ).toBe(true);
  expect(isShown('fields.single.animal.value', values, rules)).toBe(false);
  expect(isShown('fields.single.animal.text', values, rules)).toBe(false);
  const inGb = { ...values, personalInfo: { countryCode: 'GB' } };
  expect(isShown('fields.single.animal.text', inGb, rules)).toBe(true);
});

test('hides both fields of a condition cycle instead of looping', () => {
  const rules = new Map<string, ConditionalRule>([
    ['fields.single.a', { showOn: { path: 'fields.single.b', filled: false } }],
    ['fields.single.b', { showOn: { path: 'fields.single.a', filled: false } }],
  ]);
  expect(isShown('fields.single.a', {}, rules)).toBe(false);
  expect(isShown('fields.single.b', {}, rules)).toBe(false);
});

test('disables a field only while its disable condition holds', () => {
  const rules = new Map<string, ConditionalRule>([
    [
      'personalInfo.company',
      {
        disableOn: {
          path: 'fields.single.wheelchairUser.value',
          equals: false,
        },
      },
    ],
  ]);
  expect(isDisabled('personalInfo.company', values, rules)).toBe(true);
  expect(
    isDisabled(
      'personalInfo.company',
      { fields: { single: { wheelchairUser: { value: true } } } },
      rules,
    ),
  ).toBe(false);
  expect(isDisabled('personalInfo.firstName', values, rules)).toBe(false);
});

test('treats a field as active only when shown and not disabled', () => {
  const rules = new Map<string, ConditionalRule>([
    [
      'personalInfo.provinceCode',
      { showOn: { path: 'personalInfo.countryCode', equals: 'US' } },
    ],
    [
      'personalInfo.company',
      { disableOn: { path: 'personalInfo.countryCode', equals: 'US' } },
    ],
  ]);
  expect(isActive('personalInfo.provinceCode', values, rules)).toBe(true);
  expect(isActive('personalInfo.company', values, rules)).toBe(false);
  const inGb = { personalInfo: { countryCode: 'GB' } };
  expect(isActive('personalInfo.provinceCode', inGb, rules)).toBe(false);
  expect(isActive('personalInfo.company', inGb, rules)).toBe(true);
});

function issuesFor(model: ApplicationModel, answers: Record<string, unknown>) {
  return validateAnswers(answersFor(model, answers), model);
}

const conditionalModel = inlineModel(
  [
    {
      component: 'yesNo',
      data: { path: 'fields.single.freelance', label: 'Are you freelance?' },
    },
    {
      component: 'textInput',
      data: { path: 'personalInfo.company', label: 'Company' },
    },
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
        label: 'Province',
        options: 'caProvinces',
      },
    },
    {
      component: 'textInput',
      data: { path: 'fields.single.agency', label: 'Agency' },
    },
    {
      component: 'textInput',
      data: { path: 'fields.single.agencyContact', label: 'Agency contact' },
    },
  ],
  [
    {
      path: 'personalInfo.company',
      validators: ['required'],
      disableOnCondition: {
        path: 'fields.single.freelance.value',
        equals: true,
      },
    },
    {
      path: 'personalInfo.provinceCode',
      validators: ['required'],
      showOnCondition: { path: 'personalInfo.countryCode', oneOf: ['CA'] },
    },
    {
      path: 'fields.single.agencyContact',
      validators: ['required'],
      showOnCondition: { path: 'fields.single.agency', filled: true },
    },
  ],
);

test('clears the validators of a required field while it is disabled', () => {
  expect(
    issuesFor(conditionalModel, {
      'fields.single.freelance.value': true,
      'personalInfo.countryCode': 'GB',
    }),
  ).toEqual([]);
});

test('validates the same field again once the disable condition stops holding', () => {
  expect(
    issuesFor(conditionalModel, {
      'fields.single.freelance.value': false,
      'personalInfo.countryCode': 'GB',
    }),
  ).toEqual([
    { path: 'personalInfo.company', message: 'This field is required' },
  ]);
});

test('requires a field shown by a oneOf condition only while it is shown', () => {
  const base = { 'fields.single.freelance.value': true };
  expect(
    issuesFor(conditionalModel, { ...base, 'personalInfo.countryCode': 'CA' }),
  ).toEqual([
    { path: 'personalInfo.provinceCode', message: 'Select an option' },
  ]);
  expect(
    issuesFor(conditionalModel, { ...base, 'personalInfo.countryCode': 'US' }),
  ).toEqual([]);
});

test('requires a field shown by a filled condition only once the other field is filled', () => {
  const base = {
    'fields.single.freelance.value': true,
    'personalInfo.countryCode': 'GB',
  };
  expect(
    issuesFor(conditionalModel, { ...base, 'fields.single.agency': '  ' }),
  ).toEqual([]);
  expect(
    issuesFor(conditionalModel, {
      ...base,
      'fields.single.agency': 'Wanderlust Ltd',
    }),
  ).toEqual([
    { path: 'fields.single.agencyContact', message: 'This field is required' },
  ]);
});

test('disables the follow-up of a disabled question: no error, nothing sent', () => {
  const model = inlineModel(
    [
      {
        component: 'yesNo',
        data: { path: 'fields.single.freelance', label: 'Freelance?' },
      },
      {
        component: 'yesNo',
        data: {
          path: 'fields.single.press',
          label: 'Press?',
          followUp: { label: 'Which outlets?' },
        },
      },
    ],
    [
      {
        path: 'fields.single.press.value',
        validators: ['required'],
        disableOnCondition: {
          path: 'fields.single.freelance.value',
          equals: true,
        },
      },
    ],
  );
  const answers = {
    'fields.single.freelance.value': true,
    'fields.single.press.value': true,
    'fields.single.press.text': '',
  };
  expect(issuesFor(model, answers)).toEqual([]);
  const values = buildDefaultValues(model);
  for (const [path, value] of Object.entries({
    ...answers,
    'fields.single.press.text': 'Kept',
  }))
    setAt(values, path, value);
  expect(buildPayload(values, model).fields).toEqual([
    { key: 'single.freelance.value', value: 'Yes' },
  ]);
});

test('reads a condition as the server will: trimmed, and empty while the answer it reads is not asked', () => {
  const model = inlineModel(
    [
      {
        component: 'textInput',
        data: { path: 'fields.single.role', label: 'Role' },
      },
      {
        component: 'textInput',
        data: { path: 'fields.single.outlet', label: 'Outlet' },
      },
      {
        component: 'yesNo',
        data: { path: 'fields.single.staff', label: 'On staff?' },
      },
      {
        component: 'textInput',
        data: { path: 'fields.single.editor', label: 'Editor' },
      },
    ],
    [
      {
        path: 'fields.single.outlet',
        validators: ['required'],
        showOnCondition: { path: 'fields.single.role', equals: 'Journalist' },
      },
      {
        path: 'fields.single.staff.value',
        validators: [],
        disableOnCondition: { path: 'fields.single.role', filled: false },
      },
      {
        path: 'fields.single.editor',
        validators: ['required'],
        disableOnCondition: { path: 'fields.single.staff.value', equals: true },
      },
    ],
  );
  // Spaces around the answer do not hide the question it shows: the server reads it trimmed.
  expect(
    isShown(
      'fields.single.outlet',
      answersFor(model, { 'fields.single.role': ' Journalist ' }),
      model.rules,
    ),
  ).toBe(true);
  // A disabled Yes is never sent, so it cannot keep the editor's question disabled.
  const values = answersFor(model, {
    'fields.single.role': '',
    'fields.single.staff.value': true,
  });
  expect(isActive('fields.single.staff.value', values, model.rules)).toBe(
    false,
  );
  expect(isActive('fields.single.editor', values, model.rules)).toBe(true);
  expect(
    issuesFor(model, {
      'fields.single.role': '',
      'fields.single.staff.value': true,
    }),
  ).toEqual([
    { path: 'fields.single.editor', message: 'This field is required' },
  ]);
});
