import { readFileSync } from 'node:fs';
import {
  parseWizardConfig,
  type Block,
  type FormItem,
  type Step,
  type WizardConfig,
} from '../../src/engine/config-schema.ts';

/** One named change to a configuration; a test configuration is the example with a few of these applied. */
export type ConfigChange = (config: WizardConfig) => WizardConfig;

export function exampleWith(...changes: ConfigChange[]): WizardConfig {
  const parsed = parseWizardConfig(
    JSON.parse(readFileSync('config/example.wizard.json', 'utf8')),
  );
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return changes.reduce((config, change) => change(config), parsed.config);
}

/** Top-level fields replaced as given. */
export const withOverrides =
  (fields: Partial<WizardConfig>): ConfigChange =>
  (config) => ({ ...config, ...fields });

/** A distinct page id and title, so a page or a stored application shows which configuration served it. */
export const named = (pageId: string, title: string): ConfigChange =>
  withOverrides({ pageId, title });

export const withPlatforms = (
  platforms: WizardConfig['platforms'],
): ConfigChange => withOverrides({ platforms });

/** Single-image mode: the example's cover number `index` on every step. */
export const withSingleCover =
  (index: number): ConfigChange =>
  (config) => {
    const cover = config.coverImages[index];
    if (!cover) throw new Error(`the example has no cover image ${index}`);
    return { ...config, singleCoverImg: true, coverImages: [cover] };
  };

function changeStep(
  config: WizardConfig,
  name: string,
  change: (step: Step) => Step,
): WizardConfig {
  if (!config.steps.some((step) => step.name === name))
    throw new Error(`the configuration has no step named "${name}"`);
  return {
    ...config,
    steps: config.steps.map((step) =>
      step.name === name ? change(step) : step,
    ),
  };
}

/** Fields of the named step replaced as given. */
export const withStep =
  (name: string, fields: Partial<Step>): ConfigChange =>
  (config) =>
    changeStep(config, name, (step) => ({ ...step, ...fields }));

/** Blocks appended to the named step. */
export const withBlocks =
  (name: string, blocks: Block[]): ConfigChange =>
  (config) =>
    changeStep(config, name, (step) => ({
      ...step,
      blocks: [...step.blocks, ...blocks],
    }));

export const withFormItems =
  (...formItems: FormItem[]): ConfigChange =>
  (config) => ({ ...config, formItems: [...config.formItems, ...formItems] });

/** Analytics and error reports sent to `origin`, where a test listens in place of the real services. */
export const withObservability =
  (origin: URL): ConfigChange =>
  (config) => ({
    ...config,
    analytics: { token: 'e2e-analytics-token', host: origin.origin },
    errorReporting: {
      dsn: `${origin.protocol}//e2epublickey@${origin.host}/42`,
      environment: 'e2e',
    },
  });

/** The configuration as a server reads it; a change that breaks the schema fails here, naming the problem. */
export function toWizardJson(config: WizardConfig): string {
  const json = JSON.stringify(config, null, 2);
  const parsed = parseWizardConfig(JSON.parse(json));
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return json;
}

/**
 * Answers beyond the example's own, on More Details under `fields.single`: a second phone, a yes/no
 * with a follow-up, a multi select of at most two, and a checkbox shown on that yes/no's Yes.
 */
export const withExtraAnswers: ConfigChange = (config) =>
  withFormItems(
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
  )(
    withBlocks('More Details', [
      {
        component: 'phone',
        data: { path: 'fields.single.altPhone', label: 'Second phone' },
      },
      {
        component: 'yesNo',
        data: {
          path: 'fields.single.filming',
          label: 'Will you film with a drone?',
          followUp: {
            label: 'Which drone and licence?',
            trigger: true,
            multiline: true,
          },
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
    ])(config),
  );

/** A question added to a step (More Details unless named), required unless `validators` says otherwise. */
export const withNewQuestion =
  (
    key: string,
    label: string,
    {
      step = 'More Details',
      validators = ['required'],
    }: { step?: string; validators?: FormItem['validators'] } = {},
  ): ConfigChange =>
  (config) =>
    withFormItems({ path: `fields.single.${key}`, validators })(
      withBlocks(step, [
        {
          component: 'textInput',
          data: {
            path: `fields.single.${key}`,
            label,
            multiline: false,
            half: false,
            inputType: 'text',
          },
        },
      ])(config),
    );

/** The question at `path` removed from its step and from the rules. */
export const withoutQuestion =
  (path: string): ConfigChange =>
  (config) => ({
    ...config,
    formItems: config.formItems.filter((item) => item.path !== path),
    steps: config.steps.map((step) => ({
      ...step,
      blocks: step.blocks.filter(
        (block) => !('path' in block.data) || block.data.path !== path,
      ),
    })),
  });

/** The form offered in its own language and those `translations` name, with those translations. */
export const withTranslations =
  (translations: Record<string, Record<string, string>>): ConfigChange =>
  (config) => ({
    ...config,
    languages: [config.lang, ...Object.keys(translations)],
    translations,
  });
