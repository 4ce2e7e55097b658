import * as z from 'zod/mini';
import { countries } from '../reference-data/countries.ts';
import {
  blockPaths,
  type SelectOption,
  type Validator,
  type WizardConfig,
} from './config-schema.ts';
import { isActive, type ConditionalRule } from './conditions.ts';
import { resolveOptions } from './options.ts';
import { getAt, setAt } from './paths.ts';
import {
  checkPlatforms,
  platformFields,
  type PlatformKey,
} from './platforms.ts';
import { interpolate, resolveTexts, type Texts } from './texts.ts';
import {
  checkDigits,
  checkEmail,
  checkHandle,
  checkPhone,
  checkPhoneText,
  checkCount,
  checkWebsiteUrl,
  checkZip,
  maxLengths,
  type Check,
  type PhoneValue,
} from './validators.ts';

export type FieldKind =
  'text' | 'choice' | 'choices' | 'boolean' | 'checkbox' | 'phone';

export type FieldRule = ConditionalRule & {
  path: string;
  kind: FieldKind;
  validators: Validator[];
  maxLength: number;
  options?: readonly SelectOption[] | undefined;
};

export type ApplicationModel = {
  config: WizardConfig;
  texts: Texts;
  rules: ReadonlyMap<string, FieldRule>;
  /** Offered platforms, when a step shows the platforms block. */
  platforms: readonly PlatformKey[];
  requiredPlatforms: readonly PlatformKey[];
};

export type FieldIssue = { path: string; message: string };

const namedChecks: Partial<Record<Validator & string, Check>> = {
  email: checkEmail,
  digits: checkDigits,
  zip: checkZip,
  followers: checkCount,
  websiteUrl: checkWebsiteUrl,
  handle: checkHandle,
  phoneText: checkPhoneText,
};

/** Gathers, per answer path, its kind, validators and conditions from the blocks and `formItems`. */
export function buildApplicationModel(config: WizardConfig): ApplicationModel {
  const rules = new Map<string, FieldRule>();
  const add = (path: string, kind: FieldKind, extra: Partial<FieldRule> = {}) =>
    rules.set(path, {
      path,
      kind,
      validators: [],
      maxLength: maxLengths.line,
      ...extra,
    });
  let hasPlatforms = false;
  for (const block of config.steps.flatMap((step) => step.blocks)) {
    switch (block.component) {
      case 'textInput':
        add(block.data.path, 'text', {
          maxLength: block.data.multiline
            ? maxLengths.multiline
            : maxLengths.line,
        });
        break;
      case 'select':
        add(block.data.path, block.data.multiple ? 'choices' : 'choice', {
          options: resolveOptions(block.data.options),
        });
        break;
      case 'checkbox':
        add(block.data.path, 'checkbox');
        break;
      case 'phone':
        add(block.data.path, 'phone');
        break;
      case 'yesNo': {
        const [valuePath, textPath] = blockPaths(block);
        add(valuePath as string, 'boolean');
        const followUp = block.data.followUp;
        // Specification §4: the follow-up box is required exactly when it is shown.
        if (followUp && textPath)
          add(textPath, 'text', {
            validators: ['required'],
            showOn: { path: valuePath as string, equals: followUp.trigger },
            maxLength: followUp.multiline
              ? maxLengths.multiline
              : maxLengths.line,
          });
        break;
      }
      case 'platforms':
        hasPlatforms = true;
        break;
      case 'text':
      case 'sectionHeading':
        break;
    }
  }
  for (const item of config.formItems) {
    const rule = rules.get(item.path);
    if (!rule) continue;
    rule.validators = [...rule.validators, ...item.validators];
    if (item.showOnCondition) rule.showOn = item.showOnCondition;
    if (item.disableOnCondition) rule.disableOn = item.disableOnCondition;
    for (const validator of item.validators)
      if (typeof validator !== 'string' && validator.name === 'maxLength')
        rule.maxLength = Math.min(rule.maxLength, validator.max);
  }
  return {
    config,
    texts: resolveTexts(config.texts),
    rules,
    platforms: hasPlatforms ? config.platforms.offered : [],
    requiredPlatforms: hasPlatforms ? config.platforms.required : [],
  };
}

/** True when the configuration marks the answer with `*`. */
export function isRequiredRule(rule: FieldRule | undefined): boolean {
  return rule?.validators.includes('required') ?? false;
}

const callingCodes = new Set(countries.flatMap((entry) => entry.countryCodes));

function checkRule(
  rule: FieldRule,
  value: unknown,
  texts: Texts,
): FieldIssue[] {
  const issue = (message: string, path = rule.path): FieldIssue[] => [
    { path, message },
  ];
  const isRequired = isRequiredRule(rule);
  switch (rule.kind) {
    case 'phone': {
      const phone = value as PhoneValue;
      const issues = checkPhone(phone, isRequired).map(({ part, message }) => ({
        path: `${rule.path}.${part}`,
        message: texts[message],
      }));
      if (
        issues.length === 0 &&
        phone.countryCode !== '' &&
        !callingCodes.has(phone.countryCode)
      )
        return issue(texts.phoneCodeRequired, `${rule.path}.countryCode`);
      if (
        issues.length === 0 &&
        phone.subscriber.trim().length > maxLengths.count
      )
        return issue(
          interpolate(texts.tooLong, { max: maxLengths.count }),
          `${rule.path}.subscriber`,
        );
      return issues;
    }
    case 'boolean':
      return isRequired && typeof value !== 'boolean'
        ? issue(texts.answerRequired)
        : [];
    case 'checkbox':
      return isRequired && value !== true ? issue(texts.required) : [];
    case 'choice':
    case 'choices': {
      const chosen =
        rule.kind === 'choice'
          ? value === ''
            ? []
            : [value as string]
          : (value as string[]);
      if (chosen.length === 0)
        return isRequired ? issue(texts.selectRequired) : [];
      if (
        rule.options &&
        chosen.some(
          (item) => !rule.options?.some((option) => option.value === item),
        )
      )
        return issue(texts.selectRequired);
      const max = rule.validators.find(
        (validator) =>
          typeof validator !== 'string' && validator.name === 'maxItems',
      );
      if (typeof max === 'object' && chosen.length > max.max)
        return issue(interpolate(texts.tooMany, { max: max.max }));
      return [];
    }
    case 'text': {
      const text = value as string;
      // Specification §5: a required text must contain more than spaces.
      if (text.trim() === '') return isRequired ? issue(texts.required) : [];
      if (text.trim().length > rule.maxLength)
        return issue(interpolate(texts.tooLong, { max: rule.maxLength }));
      for (const validator of rule.validators) {
        const check =
          typeof validator === 'string' ? namedChecks[validator] : undefined;
        const failure = check?.(text);
        if (failure) return issue(texts[failure]);
      }
      return [];
    }
  }
}

/** Every rule of specification §5 and the platforms rule of §4, skipping hidden and disabled answers. */
export function validateAnswers(
  values: unknown,
  model: ApplicationModel,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const rule of model.rules.values()) {
    if (!isActive(rule.path, values, model.rules)) continue;
    issues.push(...checkRule(rule, getAt(values, rule.path), model.texts));
  }
  if (model.platforms.length > 0)
    issues.push(
      ...checkPlatforms(
        getAt(values, 'platforms'),
        model.platforms,
        model.requiredPlatforms,
        model.texts,
      ),
    );
  return issues;
}

function defaultFor(kind: FieldKind): unknown {
  switch (kind) {
    case 'text':
    case 'choice':
      return '';
    case 'choices':
      return [];
    case 'boolean':
      return null;
    case 'checkbox':
      return false;
    case 'phone':
      // Specification §9: the default calling code is 1.
      return { countryCode: '1', subscriber: '' };
  }
}

export type ApplicationValues = {
  personalInfo: Record<string, unknown>;
  platforms: Record<string, Record<string, string>>;
  fields: { single: Record<string, unknown>; multi: Record<string, unknown> };
  honeypot: string;
} & Record<string, unknown>;

/** The empty answers of a configuration: every path present, so the form and the schema agree on shape. */
export function buildDefaultValues(model: ApplicationModel): ApplicationValues {
  const values: ApplicationValues = {
    personalInfo: {},
    platforms: {},
    fields: { single: {}, multi: {} },
    honeypot: '',
  };
  for (const rule of model.rules.values())
    setAt(values, rule.path, structuredCopy(defaultFor(rule.kind)));
  for (const platform of model.platforms)
    values.platforms[platform] = Object.fromEntries(
      platformFields(platform).map((field) => [field.key, '']),
    );
  return values;
}

function structuredCopy<T>(value: T): T {
  return value !== null && typeof value === 'object'
    ? (JSON.parse(JSON.stringify(value)) as T)
    : value;
}

function leafSchema(kind: FieldKind): z.ZodMiniType {
  switch (kind) {
    case 'text':
    case 'choice':
      return z.string();
    case 'choices':
      return z.array(z.string());
    case 'boolean':
      return z.nullable(z.boolean());
    case 'checkbox':
      return z.boolean();
    case 'phone':
      return z.strictObject({
        countryCode: z.string(),
        subscriber: z.string(),
      });
  }
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

/** The zod schema of the answers: exact shape (unknown keys refused) plus every rule of the engine. */
export function buildApplicationSchema(
  model: ApplicationModel,
): z.ZodMiniType<ApplicationValues, ApplicationValues> {
  const tree: ShapeTree = {
    personalInfo: {},
    platforms: {},
    fields: { single: {}, multi: {} },
  };
  const place = (path: string, schema: z.ZodMiniType) => {
    const keys = path.split('.');
    let node = tree;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as ShapeTree;
    node[keys[keys.length - 1] as string] = schema;
  };
  for (const rule of model.rules.values())
    place(rule.path, leafSchema(rule.kind));
  for (const platform of model.platforms)
    for (const field of platformFields(platform))
      place(`platforms.${platform}.${field.key}`, z.string());
  place('honeypot', z.string());
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
  // The shape is built from the same rules as buildDefaultValues, which is what the type states.
  return schema as unknown as z.ZodMiniType<
    ApplicationValues,
    ApplicationValues
  >;
}
