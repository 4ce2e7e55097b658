import { readFileSync } from 'node:fs';
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

/** The example configuration, parsed: the specification's destination. */
export function exampleWizardConfig(): WizardConfig {
  return parseConfigOrThrow(
    JSON.parse(readFileSync('config/example.wizard.json', 'utf8')),
  );
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

type ConfigOverrides = {
  /** Blocks added at the end of the More Details step. */
  blocks?: unknown[];
  formItems?: FormItem[];
  platforms?: { offered: PlatformKey[]; required: PlatformKey[] };
};

/** The example configuration with a few blocks, rules or platforms added: the raw JSON, before parsing. */
export function exampleJsonWith(
  overrides: ConfigOverrides,
): Record<string, unknown> {
  const json = JSON.parse(
    readFileSync('config/example.wizard.json', 'utf8'),
  ) as {
    steps: Array<{ blocks: unknown[] }>;
    formItems: FormItem[];
  } & Record<string, unknown>;
  json.steps[2]?.blocks.push(...(overrides.blocks ?? []));
  json.formItems.push(...(overrides.formItems ?? []));
  if (overrides.platforms) json.platforms = overrides.platforms;
  return json;
}

/** The example configuration with a few blocks, rules or platforms added, compiled. */
export function exampleModelWith(overrides: ConfigOverrides): ApplicationModel {
  return buildApplicationModel(parseConfigOrThrow(exampleJsonWith(overrides)));
}

/**
 * Answers beyond the example's own, under `fields.single`: a second phone, a yes/no with a
 * follow-up, a multi select and a checkbox shown on the follow-up's Yes, with their rules.
 */
export const fieldsSingleExtras = {
  blocks: [
    {
      component: 'phone',
      data: { path: 'fields.single.altPhone', label: 'Second phone' },
    },
    {
      component: 'yesNo',
      data: {
        path: 'fields.single.filming',
        label: 'Will you film with a drone?',
        followUp: { label: 'Which drone and licence?' },
      },
    },
    {
      component: 'select',
      data: {
        path: 'fields.single.seasons',
        label: 'Which seasons suit you?',
        multiple: true,
        options: [
          { name: 'Spring', value: 'spring' },
          { name: 'Summer', value: 'summer' },
          { name: 'Autumn', value: 'autumn' },
          { name: 'Winter', value: 'winter' },
        ],
      },
    },
    {
      component: 'checkbox',
      data: {
        path: 'fields.single.newsletter',
        label: 'Send me the press newsletter',
      },
    },
  ],
  formItems: [
    { path: 'fields.single.altPhone', validators: ['phone'] },
    { path: 'fields.single.filming.value', validators: ['required'] },
    {
      path: 'fields.single.seasons',
      validators: ['required', { name: 'maxItems', max: 2 }],
    },
    {
      path: 'fields.single.newsletter',
      validators: [],
      showOnCondition: { path: 'fields.single.filming.value', equals: true },
    },
  ],
} satisfies ConfigOverrides;

/** The shared valid application of `fixtures.ts`, as the form of `model` holds it, by answer path. */
export function completeAnswersOf(
  model: ApplicationModel,
): Record<string, unknown> {
  const values = decodePayload(validApplication(), model);
  return Object.fromEntries(
    model.answers.map((answer) => [answer.path, getAt(values, answer.path)]),
  );
}
