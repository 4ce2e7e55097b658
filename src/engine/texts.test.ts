import { expect, test } from 'vitest';
import { defaultTexts, resolveWizardTexts } from './texts.ts';
import {
  exampleWith,
  withOverrides,
} from '../../tests/support/wizard-configs.ts';

test('uses the English defaults for what the configuration leaves out', () => {
  const config = exampleWith(
    withOverrides({ buttonText: {}, submitErrorText: undefined, texts: {} }),
  );
  expect(resolveWizardTexts(config)).toEqual(defaultTexts);
});

test('takes buttonText and submitErrorText over texts, and texts over the defaults', () => {
  const config = exampleWith(
    withOverrides({
      buttonText: { continue: 'Weiter', back: 'Zurück' },
      submitErrorText: 'Das hat nicht geklappt.',
      texts: { continue: 'Next', signIn: 'Anmelden', yes: 'Ja' },
    }),
  );
  expect(resolveWizardTexts(config)).toMatchObject({
    continue: 'Weiter',
    back: 'Zurück',
    signIn: 'Anmelden',
    submitError: 'Das hat nicht geklappt.',
    yes: 'Ja',
    no: defaultTexts.no,
  });
});
