import { expect, test } from 'vitest';
import { defaultTexts } from '#engine/texts.ts';
import {
  exampleConfig,
  parseConfig,
} from '../../../tests/support/render-block.tsx';
import { resolveWizardTexts } from './wizard-texts.ts';

test('uses the English defaults for what the configuration leaves out', () => {
  const config = parseConfig({
    ...exampleConfig(),
    buttonText: {},
    submitErrorText: undefined,
    texts: {},
  });

  expect(resolveWizardTexts(config)).toEqual(defaultTexts);
});

test('takes buttonText and submitErrorText over texts, and texts over the defaults', () => {
  const config = parseConfig({
    ...exampleConfig(),
    buttonText: { continue: 'Weiter', back: 'Zurück' },
    submitErrorText: 'Das hat nicht geklappt.',
    texts: { continue: 'Next', signIn: 'Anmelden', yes: 'Ja' },
  });

  expect(resolveWizardTexts(config)).toMatchObject({
    continue: 'Weiter',
    back: 'Zurück',
    signIn: 'Anmelden',
    submitError: 'Das hat nicht geklappt.',
    yes: 'Ja',
    no: defaultTexts.no,
  });
});
