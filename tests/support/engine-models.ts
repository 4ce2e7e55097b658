import {
  buildApplicationModel,
  buildDefaultValues,
  type ApplicationModel,
  type ApplicationValues,
} from '../../src/engine/application-schema.ts';
import {
  parseWizardConfig,
  type FormItem,
  type WizardConfig,
} from '../../src/engine/config-schema.ts';
import { getAt, setAt } from '../../src/engine/paths.ts';
import { decodePayload } from '../../src/engine/payload.ts';
import { validApplication } from './fixtures.ts';
import type { PlatformKey } from '../../src/engine/platforms.ts';

export function parseConfigOrThrow(input: unknown): WizardConfig {
  const parsed = parseWizardConfig(input);
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return parsed.config;
}

/** A three-step configuration (Welcome, a form step showing `blocks`, Done), compiled. */
export function inlineModel(
  blocks: unknown[],
  formItems: FormItem[] = [],
  platforms?: { offered: PlatformKey[]; required: PlatformKey[] },
): ApplicationModel {
  return buildApplicationModel(
    parseConfigOrThrow({
      pageId: 'inline',
      title: 'Inline',
      signInUrl: 'https://creators.example.com/sign-up',
      singleCoverImg: true,
      coverImages: [{ src: '/cover.webp', alt: '', width: 1, height: 1 }],
      steps: [{ name: 'Welcome' }, { name: 'Form', blocks }, { name: 'Done' }],
      formItems,
      ...(platforms && { platforms }),
    }),
  );
}

/** The model's empty answers with the given paths filled in. */
export function answersFor(
  model: ApplicationModel,
  answers: Record<string, unknown>,
): ApplicationValues {
  const values = buildDefaultValues(model);
  for (const [path, value] of Object.entries(answers))
    setAt(values, path, structuredClone(value));
  return values;
}

/** The shared valid application of `fixtures.ts`, as the form of `model` holds it, by answer path. */
export function completeAnswersOf(
  model: ApplicationModel,
): Record<string, unknown> {
  const values = decodePayload(validApplication(), model);
  return Object.fromEntries(
    model.answers.map((answer) => [answer.path, getAt(values, answer.path)]),
  );
}
