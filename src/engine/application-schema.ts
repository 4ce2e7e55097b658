import * as z from 'zod/mini';
import type { Answer, FieldIssue } from './block-kinds/answer.ts';
import { blockAnswers } from './block-kinds/block-kinds.ts';
import { platformsPath } from './block-kinds/placements.ts';
import type { WizardConfig } from './config-schema.ts';
import { isActive } from './conditions.ts';
import { getAt, setAt } from './paths.ts';
import type { PlatformKey } from './platforms.ts';
import { resolveWizardTexts, type Texts } from './texts.ts';
import { checkStorable, maxLengths } from './validators.ts';

/** A configuration compiled for the form and the server: its answers in the order of the form. */
export type ApplicationModel = {
  config: WizardConfig;
  texts: Texts;
  answers: readonly Answer[];
  /** The step each answer is asked on, by path. */
  stepOf: ReadonlyMap<string, number>;
  /** The answers by path, for conditions and for blocks that look up their own rules. */
  rules: ReadonlyMap<string, Answer>;
  /** Offered platforms, when a step shows the platforms block. */
  platforms: readonly PlatformKey[];
  requiredPlatforms: readonly PlatformKey[];
};

/**
 * The answer a form path belongs to: its own, or that of the answer holding it (a platform's
 * username belongs to the platforms question). Undefined for a path of no question.
 */
export function answerHolding(
  model: ApplicationModel,
  path: string,
): Answer | undefined {
  for (
    let at = path;
    at !== '';
    at = at.slice(0, Math.max(at.lastIndexOf('.'), 0))
  ) {
    const answer = model.rules.get(at);
    if (answer) return answer;
  }
  return undefined;
}

/** Gathers the answers of every block, with the validators and conditions of `formItems`. */
export function buildApplicationModel(config: WizardConfig): ApplicationModel {
  const context = {
    lang: config.lang,
    offeredPlatforms: config.platforms.offered,
    requiredPlatforms: config.platforms.required,
  };
  const answers: Answer[] = [];
  const stepOf = new Map<string, number>();
  config.steps.forEach((step, stepIndex) => {
    for (const block of step.blocks)
      for (const draft of blockAnswers(block, context)) {
        answers.push({ maxLength: maxLengths.line, validators: [], ...draft });
        stepOf.set(draft.path, stepIndex);
      }
  });
  const rules = new Map(answers.map((answer) => [answer.path, answer]));
  for (const item of config.formItems) {
    const answer = rules.get(item.path);
    if (!answer) continue;
    answer.validators = [...answer.validators, ...item.validators];
    if (item.showOnCondition) answer.showOn = item.showOnCondition;
    if (item.disableOnCondition) answer.disableOn = item.disableOnCondition;
    for (const validator of item.validators)
      if (typeof validator !== 'string' && validator.name === 'maxLength')
        answer.maxLength = Math.min(answer.maxLength, validator.max);
  }
  const platforms = rules.get(platformsPath)?.platforms;
  return {
    config,
    texts: resolveWizardTexts(config),
    answers,
    stepOf,
    rules,
    platforms: platforms?.offered ?? [],
    requiredPlatforms: platforms?.required ?? [],
  };
}

/** The value of an answer, or its empty value where the answers leave it out. */
export function valueOf(answer: Answer, values: unknown): unknown {
  return getAt(values, answer.path) ?? answer.codec.empty(answer);
}

/** Where below `path` a value holds text that cannot be stored: each text, or a list as a whole. */
function unstorablePaths(value: unknown, path: string): string[] {
  if (typeof value === 'string') return checkStorable(value) ? [path] : [];
  if (Array.isArray(value))
    return value.some((item) => unstorablePaths(item, path).length > 0)
      ? [path]
      : [];
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) =>
      unstorablePaths(child, `${path}.${key}`),
    );
  return [];
}

/**
 * Every rule of every answer the applicant is asked, skipping hidden and disabled ones. Text that
 * cannot be stored is reported first, alone: no other rule of the answer can be judged on it.
 */
export function validateAnswers(
  values: unknown,
  model: ApplicationModel,
): FieldIssue[] {
  return model.answers.flatMap((answer) => {
    if (!isActive(answer.path, values, model.rules)) return [];
    const value = valueOf(answer, values);
    const unstorable = unstorablePaths(value, answer.path);
    return unstorable.length > 0
      ? unstorable.map((path) => ({
          path,
          message: model.texts.unstorableText,
        }))
      : answer.codec.check(value, answer, model.texts, values);
  });
}

export type ApplicationValues = {
  personalInfo: Record<string, unknown>;
  platforms: Record<string, Record<string, string>>;
  fields: { single: Record<string, unknown>; multi: Record<string, unknown> };
  honeypot: string;
} & Record<string, unknown>;

/** The groups every set of answers has, before any answer is in them. */
export function emptyGroups(): ApplicationValues {
  return {
    personalInfo: {},
    platforms: {},
    fields: { single: {}, multi: {} },
    honeypot: '',
  };
}

/** The empty answers of a configuration: every path present, so the form and the schema agree on shape. */
export function buildDefaultValues(model: ApplicationModel): ApplicationValues {
  const values = emptyGroups();
  for (const answer of model.answers)
    setAt(values, answer.path, answer.codec.empty(answer));
  return values;
}

type ShapeTree = { [key: string]: ShapeTree | z.ZodMiniType };

function toSchema(tree: ShapeTree): z.ZodMiniType {
  return z.strictObject(
    Object.fromEntries(
      Object.entries(tree).map(([key, node]) => [
        key,
        node instanceof z.ZodMiniType ? node : toSchema(node),
      ]),
    ),
  );
}

/**
 * The zod schema of the answers, used by the form's resolver and by the server alike: the exact
 * shape (unknown keys refused) plus every rule of every answer.
 */
export function buildApplicationSchema(
  model: ApplicationModel,
): z.ZodMiniType<ApplicationValues, ApplicationValues> {
  const tree: ShapeTree = {
    personalInfo: {},
    platforms: {},
    fields: { single: {}, multi: {} },
    honeypot: z.string(),
  };
  for (const answer of model.answers) {
    const keys = answer.path.split('.');
    let node = tree;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as ShapeTree;
    node[keys[keys.length - 1] as string] = answer.codec.schema(answer);
  }
  const schema = toSchema(tree).check(
    z.superRefine((values, ctx) => {
      for (const issue of validateAnswers(values, model))
        ctx.addIssue({
          code: 'custom',
          path: issue.path.split('.'),
          message: issue.message,
        });
    }),
  );
  // The shape is built from the same answers as buildDefaultValues, which is what the type states.
  return schema as unknown as z.ZodMiniType<
    ApplicationValues,
    ApplicationValues
  >;
}
