import { expect, test } from 'vitest';
import {
  defaultTexts,
  resolveWizardTexts,
  type TextKey,
} from '#engine/texts.ts';
import {
  exampleWith,
  withOverrides,
} from '../../../tests/support/wizard-configs.ts';
import { textWords } from './text-words.ts';
import {
  readText,
  stepsShowing,
  textFieldLabel,
  textPath,
  textsByGroup,
  writeText,
} from './texts-model.ts';

const keys = Object.keys(defaultTexts) as TextKey[];
/** A word in code's camelCase, such as `phoneCodeRequired`: never what a marketer reads. */
const codeWord = /\b[a-z]+[A-Z]\w*/;

test('every text has a label no other text has', () => {
  const labels = keys.map((key) => textWords[key].label);
  expect(new Set(labels).size).toBe(labels.length);
  const lowered = labels.map((label) => label.toLowerCase());
  expect(new Set(lowered).size).toBe(labels.length);
});

test('no label or place is a raw key or reads like code', () => {
  const lowerKeys = new Set(keys.map((key) => key.toLowerCase()));
  for (const key of keys) {
    const { label, where } = textWords[key];
    expect(lowerKeys.has(label.toLowerCase()), label).toBe(false);
    expect(label, key).not.toMatch(codeWord);
    expect(where, key).not.toMatch(codeWord);
    expect(where.trim(), key).not.toBe('');
  }
});

test('a text whose default has a placeholder names it, to say what it becomes', () => {
  for (const key of keys)
    for (const [placeholder] of defaultTexts[key].matchAll(/\{\w+\}/g))
      expect(textWords[key].where, key).toContain(placeholder);
});

test('the groups hold every text once, in the wizard’s own order within a group', () => {
  const grouped = textsByGroup().flatMap(({ keys: inGroup }) => inGroup);
  expect([...grouped].sort()).toEqual([...keys].sort());
  const buttons = textsByGroup().find(({ group }) => group === 'buttons');
  expect(buttons?.keys).toEqual(['continue', 'signIn', 'back']);
});

test('a text names the steps of this form that show it', () => {
  const config = exampleWith();
  expect(textFieldLabel('phoneCodeRequired', config)).toBe(
    'Phone number’s calling code missing, under a phone question whose calling code is empty or unknown (step: General Information)',
  );
  expect(textFieldLabel('signIn', config)).toBe(
    'Sign-in button, on the last step, opening the sign-up address (step: Creator Hub)',
  );
  expect(stepsShowing(textWords.required.place, config)).toEqual([
    'General Information',
    'More Details',
  ]);
  expect(stepsShowing(textWords.continue.place, config)).toBeNull();
});

test('the sending step is the one before the thank-you step, or the last when the form skips it', () => {
  const config = exampleWith();
  expect(stepsShowing('sendingStep', config)).toEqual(['More Details']);
  expect(
    stepsShowing(
      'sendingStep',
      exampleWith(withOverrides({ skipFinalStep: true })),
    ),
  ).toEqual(['Creator Hub']);
});

test('a check’s message names the steps whose questions it checks, and says when none does', () => {
  const config = exampleWith();
  expect(textFieldLabel('zip', config)).toMatch(
    /\(no step of this form shows it now\)$/,
  );
  const checked = exampleWith(
    withOverrides({
      formItems: [
        ...config.formItems,
        { path: 'fields.single.partySize', validators: ['zip'] },
      ],
    }),
  );
  expect(stepsShowing(textWords.zip.place, checked)).toEqual(['More Details']);
});

test('a button text is written where the wizard reads it first, and blank goes back to the default', () => {
  const config = exampleWith(
    withOverrides({
      buttonText: {},
      submitErrorText: undefined,
      texts: { signIn: 'Old' },
    }),
  );
  writeText(config, 'signIn', 'Join us');
  writeText(config, 'submitError', 'Try again in a minute.');
  writeText(config, 'zip', 'A postcode, please');
  expect(config.buttonText).toEqual({ signIn: 'Join us' });
  expect(config.texts).toEqual({ zip: 'A postcode, please' });
  expect(readText(config, 'signIn')).toBe('Join us');
  expect(resolveWizardTexts(config)).toMatchObject({
    signIn: 'Join us',
    submitError: 'Try again in a minute.',
    zip: 'A postcode, please',
  });
  expect(textPath('signIn')).toBe('buttonText.signIn');
  expect(textPath('submitError')).toBe('submitErrorText');
  expect(textPath('zip')).toBe('texts.zip');

  writeText(config, 'signIn', '');
  writeText(config, 'submitError', '');
  writeText(config, 'zip', '');
  expect(readText(config, 'signIn')).toBeUndefined();
  expect(resolveWizardTexts(config)).toEqual(defaultTexts);
});
