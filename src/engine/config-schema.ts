import * as z from 'zod/mini';
import { answerPaths, checkBlockPlacements } from './block-kinds/placements.ts';
import { languageTagPattern, languagesOf } from './languages/language-tags.ts';
import { textsOf } from './languages/text-paths.ts';
import {
  hiddenFieldNamePattern,
  hiddenFieldNameRule,
  maxHiddenFields,
  reservedParameters,
} from './hidden-fields.ts';
import { platformKeys } from './platforms.ts';
import { stepIdPattern } from './step-ids.ts';
import {
  contrastRatio,
  hexColourPattern,
  textContrastMin,
  themeColoursOf,
  themeContrastPairs,
} from './theme-colours.ts';
import { defaultTexts, type TextKey } from './texts.ts';

const nonEmpty = z.string().check(z.trim(), z.minLength(1));

// ASVS 1.2.2: links from the configuration become hrefs, so only web and same-site addresses pass.
const safeUrl = z
  .string()
  .check(
    z.regex(
      /^(?:https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/,
      'must be an http(s) URL or a path starting with /',
    ),
  );

const conditionValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const conditionSchema = z.union([
  z.strictObject({ path: nonEmpty, equals: conditionValue }),
  z.strictObject({ path: nonEmpty, oneOf: z.array(conditionValue) }),
  z.strictObject({ path: nonEmpty, filled: z.boolean() }),
]);
export type Condition = z.infer<typeof conditionSchema>;

const validatorNames = [
  'required',
  'email',
  'digits',
  'phone',
  'phoneText',
  'zip',
  'followers',
  'websiteUrl',
  'handle',
] as const;

const validatorSchema = z.union([
  z.enum(validatorNames),
  z.strictObject({
    name: z.literal('maxItems'),
    max: z.number().check(z.int(), z.positive()),
  }),
  z.strictObject({
    name: z.literal('maxLength'),
    max: z.number().check(z.int(), z.positive()),
  }),
]);
export type Validator = z.infer<typeof validatorSchema>;

const formItemSchema = z.strictObject({
  path: nonEmpty,
  validators: z._default(z.array(validatorSchema), []),
  showOnCondition: z.optional(conditionSchema),
  disableOnCondition: z.optional(conditionSchema),
});
export type FormItem = z.infer<typeof formItemSchema>;

const optionSchema = z.strictObject({ name: nonEmpty, value: nonEmpty });
export type SelectOption = z.infer<typeof optionSchema>;

const optionSources = ['countries', 'usStates', 'caProvinces'] as const;

const optionList = z.union([
  z.enum(optionSources),
  z.array(optionSchema).check(z.minLength(1)),
]);

/**
 * Options that follow another answer: `{ from: "personalInfo.countryCode", sets: { "US": { label:
 * "State", options: "usStates" }, "CA": { label: "Province", options: "caProvinces" } } }`. For a
 * value of `from` with no set, the select offers nothing (hide it with a `showOnCondition`).
 */
const optionsByAnswer = z.strictObject({
  from: nonEmpty,
  sets: z.record(
    z.string(),
    z.strictObject({ label: nonEmpty, options: optionList }),
  ),
});

const fieldBase = {
  path: nonEmpty,
  label: nonEmpty,
  hint: z.optional(z.string()),
};

const blockSchema = z.discriminatedUnion('component', [
  z.strictObject({
    component: z.literal('text'),
    data: z.strictObject({ text: nonEmpty }),
  }),
  z.strictObject({
    component: z.literal('sectionHeading'),
    data: z.strictObject({ text: nonEmpty }),
  }),
  z.strictObject({
    component: z.literal('textInput'),
    data: z.strictObject({
      ...fieldBase,
      multiline: z._default(z.boolean(), false),
      half: z._default(z.boolean(), false),
      placeholder: z.optional(z.string()),
      inputType: z._default(z.enum(['text', 'email', 'tel', 'url']), 'text'),
      autoComplete: z.optional(z.string()),
    }),
  }),
  z.strictObject({
    component: z.literal('select'),
    data: z.strictObject({
      ...fieldBase,
      options: z.union([optionList, optionsByAnswer]),
      multiple: z._default(z.boolean(), false),
      autoComplete: z.optional(z.string()),
    }),
  }),
  z.strictObject({
    component: z.literal('phone'),
    data: z.strictObject(fieldBase),
  }),
  z.strictObject({
    component: z.literal('platforms'),
    data: z.strictObject({ label: nonEmpty, hint: z.optional(z.string()) }),
  }),
  z.strictObject({
    component: z.literal('yesNo'),
    data: z.strictObject({
      ...fieldBase,
      followUp: z.optional(
        z.strictObject({
          label: nonEmpty,
          trigger: z._default(z.boolean(), true),
          multiline: z._default(z.boolean(), true),
        }),
      ),
    }),
  }),
  z.strictObject({
    component: z.literal('checkbox'),
    data: z.strictObject(fieldBase),
  }),
]);
export type Block = z.infer<typeof blockSchema>;
export type BlockComponent = Block['component'];

const stepSchema = z.strictObject({
  // Kept through renames and moves, so what was counted under the step keeps its name.
  id: z.optional(
    z
      .string()
      .check(
        z.regex(stepIdPattern, 'must be 1-40 lower-case letters, digits or -'),
      ),
  ),
  name: nonEmpty,
  heading: z.optional(nonEmpty),
  blocks: z._default(z.array(blockSchema), []),
  footer: z.optional(z.string()),
  styles: z._default(
    z.strictObject({ grayBg: z._default(z.boolean(), false) }),
    { grayBg: false },
  ),
  hideConfirmButton: z._default(z.boolean(), false),
  continueButtonText: z.optional(nonEmpty),
});
export type Step = z.infer<typeof stepSchema>;

const coverImageSchema = z.strictObject({
  src: safeUrl,
  alt: z.string(),
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
  sources: z._default(
    z.array(
      z.strictObject({
        type: z.enum(['image/avif', 'image/webp']),
        srcset: nonEmpty,
      }),
    ),
    [],
  ),
});
export type CoverImage = z.infer<typeof coverImageSchema>;

const hexColour = z
  .string()
  .check(z.regex(hexColourPattern, 'must be a colour like #0b5d66'));

const textKeys = Object.keys(defaultTexts) as [TextKey, ...TextKey[]];

const languageTag = z
  .string()
  .check(
    z.regex(languageTagPattern, 'must be a language tag like en or pt-BR'),
  );

const wizardConfigSchema = z
  .strictObject({
    pageId: z
      .string()
      .check(
        z.regex(
          /^[A-Za-z0-9_-]{1,64}$/,
          'must be 1-64 letters, digits, _ or -',
        ),
      ),
    title: nonEmpty,
    // The form's own language; with `languages`, the first of them.
    lang: z._default(languageTag, 'en'),
    // The languages the form is offered in, its own first; each other one takes its texts from
    // `translations` and, where it has none, shows the form's own.
    languages: z.optional(z.array(languageTag).check(z.minLength(1))),
    // Per language, texts by the JSON path of the form's own text: `"steps.1.name": "Allgemeines"`.
    translations: z._default(
      z.record(languageTag, z.record(z.string(), nonEmpty)),
      {},
    ),
    requestUrl: z.optional(z.nullable(z.union([safeUrl, z.literal('')]))),
    signInUrl: safeUrl,
    showLogo: z._default(z.boolean(), true),
    centerLogo: z._default(z.boolean(), false),
    centerFooterText: z._default(z.boolean(), false),
    singleCoverImg: z._default(z.boolean(), false),
    coverImages: z
      .array(coverImageSchema)
      .check(z.minLength(1), z.maxLength(4)),
    logo: z.optional(
      z.strictObject({
        src: safeUrl,
        alt: nonEmpty,
        width: z.number().check(z.positive()),
        height: z.number().check(z.positive()),
      }),
    ),
    buttonText: z._default(
      z.strictObject({
        continue: z.optional(nonEmpty),
        signIn: z.optional(nonEmpty),
        back: z.optional(nonEmpty),
      }),
      {},
    ),
    submitErrorText: z.optional(nonEmpty),
    footerLinks: z._default(
      z.array(z.strictObject({ title: nonEmpty, url: safeUrl })),
      [],
    ),
    formItems: z._default(z.array(formItemSchema), []),
    skipFinalStep: z._default(z.boolean(), false),
    styleConfig: z._default(
      z.strictObject({
        backButtonStyle: z._default(z.enum(['plain', 'outlined']), 'plain'),
        backArrowStyle: z._default(z.enum(['dark', 'light']), 'dark'),
      }),
      { backButtonStyle: 'plain', backArrowStyle: 'dark' },
    ),
    // Welcome, at least one form step, and the last step, which thanks the applicant or leads on to sign-up.
    steps: z.array(stepSchema).check(z.minLength(3)),
    texts: z._default(z.partialRecord(z.enum(textKeys), nonEmpty), {}),
    analytics: z.optional(z.strictObject({ token: nonEmpty, host: safeUrl })),
    // The organisation's own counts of visits, steps and refusals (`POST /api/events`); false: none.
    insights: z._default(z.boolean(), true),
    // A proof-of-work puzzle the applicant's browser solves unseen before Send, checked by this
    // server alone (no third party); false: none, and none of its code is loaded.
    botCheck: z._default(z.boolean(), false),
    // Values recorded from the form's address without asking (`?partner=…`); `ref` always is one.
    hiddenFields: z._default(
      z
        .array(
          z
            .string()
            .check(z.regex(hiddenFieldNamePattern, hiddenFieldNameRule)),
        )
        .check(z.maxLength(maxHiddenFields)),
      [],
    ),
    // Inside another site's frame, that site shows its own logo and footer: the form's are left out
    // unless kept here.
    embed: z._default(
      z.strictObject({
        logo: z._default(z.boolean(), false),
        footer: z._default(z.boolean(), false),
      }),
      { logo: false, footer: false },
    ),
    errorReporting: z.optional(
      z.strictObject({ dsn: nonEmpty, environment: z.optional(nonEmpty) }),
    ),
    platforms: z._default(
      z.strictObject({
        offered: z._default(
          z.array(z.enum(platformKeys)).check(z.minLength(1)),
          ['instagram', 'tiktok', 'youtube'],
        ),
        required: z._default(z.array(z.enum(platformKeys)), []),
      }),
      { offered: ['instagram', 'tiktok', 'youtube'], required: [] },
    ),
    // E-mails and their texts: validated by the server, which never sends them to the browser
    // (they hold staff addresses), so the applicant's page does not carry their schema either.
    notifications: z.optional(z.unknown()),
    // How long applications and message texts are kept: the server's concern alone, checked there.
    retention: z.optional(z.unknown()),
    theme: z._default(
      z.strictObject({
        brand: z.optional(hexColour),
        text: z.optional(hexColour),
        muted: z.optional(hexColour),
        error: z.optional(hexColour),
        surface: z.optional(hexColour),
        surfaceGray: z.optional(hexColour),
      }),
      {},
    ),
  })
  .check(z.superRefine(checkConfigConsistency));

export type WizardConfig = z.infer<typeof wizardConfigSchema>;
type ParsedShape = Omit<WizardConfig, never>;

function checkConfigConsistency(
  config: ParsedShape,
  ctx: {
    addIssue: (issue: {
      code: 'custom';
      path: (string | number)[];
      message: string;
    }) => void;
  },
): void {
  const fail = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  checkBlockPlacements(config, fail);
  const stepIds = new Set<string>();
  config.steps.forEach((step, index) => {
    if (step.id === undefined) return;
    if (stepIds.has(step.id))
      fail(['steps', index, 'id'], `another step has the id "${step.id}"`);
    stepIds.add(step.id);
  });
  // The platforms group has its own rule; conditions and validators name single answers.
  const known = new Set(
    config.steps.flatMap((step) =>
      step.blocks
        .filter((block) => block.component !== 'platforms')
        .flatMap(answerPaths),
    ),
  );
  const platformBlocks = config.steps
    .flatMap((step) => step.blocks)
    .filter((block) => block.component === 'platforms').length;
  if (platformBlocks > 1)
    fail(['steps'], 'only one platforms block is allowed');
  config.formItems.forEach((item, index) => {
    if (!known.has(item.path))
      fail(['formItems', index, 'path'], `no block shows "${item.path}"`);
    for (const key of ['showOnCondition', 'disableOnCondition'] as const) {
      const condition = item[key];
      if (condition && !known.has(condition.path))
        fail(
          ['formItems', index, key, 'path'],
          `no block shows "${condition.path}"`,
        );
    }
  });
  const expectedCovers = config.singleCoverImg ? 1 : 4;
  if (config.coverImages.length !== expectedCovers)
    fail(
      ['coverImages'],
      `expected ${expectedCovers} image${expectedCovers === 1 ? '' : 's'} (singleCoverImg is ${config.singleCoverImg})`,
    );
  checkThemeContrast(config.theme, fail);
  checkLanguages(config, fail);
  config.hiddenFields.forEach((name, index) => {
    if ((reservedParameters as readonly string[]).includes(name))
      fail(
        ['hiddenFields', index],
        `"${name}" is a parameter the form reads for itself`,
      );
    else if (config.hiddenFields.indexOf(name) !== index)
      fail(['hiddenFields', index], `"${name}" is listed twice`);
  });
  config.platforms.required.forEach((platform, index) => {
    if (!config.platforms.offered.includes(platform))
      fail(
        ['platforms', 'required', index],
        `"${platform}" is required but not offered`,
      );
  });
}

/** Each language once, the form's own first, and translations only of its texts into its other languages. */
function checkLanguages(
  config: ParsedShape,
  fail: (path: (string | number)[], message: string) => void,
): void {
  const languages = languagesOf(config);
  languages.forEach((tag, index) => {
    if (languages.indexOf(tag) !== index)
      fail(['languages', index], `"${tag}" is listed twice`);
  });
  if (config.languages && config.languages[0] !== config.lang)
    fail(
      ['lang'],
      `the form's own language is the first of its languages ("${config.languages[0]}")`,
    );
  const paths = new Set(textsOf(config).map((text) => text.path));
  for (const [tag, texts] of Object.entries(config.translations)) {
    if (tag === config.lang)
      fail(
        ['translations', tag],
        `"${tag}" is the form's own language: its texts are the form's`,
      );
    else if (!languages.includes(tag))
      fail(
        ['translations', tag],
        `"${tag}" is not one of the form's languages`,
      );
    for (const path of Object.keys(texts))
      if (!paths.has(path))
        fail(
          ['translations', tag, path],
          `"${path}" is not a text of this form`,
        );
  }
}

function checkThemeContrast(
  theme: WizardConfig['theme'],
  fail: (path: (string | number)[], message: string) => void,
): void {
  const colours = themeColoursOf(theme);
  for (const [foreground, background] of themeContrastPairs) {
    if (!(foreground in theme) && !(background in theme)) continue;
    const ratio = contrastRatio(colours[foreground], colours[background]);
    if (ratio < textContrastMin)
      fail(
        ['theme', foreground in theme ? foreground : background],
        `${foreground} on ${background} has contrast ${ratio.toFixed(2)}:1, below WCAG AA ${textContrastMin}:1`,
      );
  }
}

/** Formats a zod issue path the way a person reads JSON: `steps[1].blocks[0].data.path`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number'
        ? `${text}[${key}]`
        : text
          ? `${text}.${String(key)}`
          : String(key),
    '',
  );
}

/** Reads back a path `formatIssuePath` wrote: `steps[1].blocks[0]` → `steps`, 1, `blocks`, 0. */
export function parseIssuePath(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) =>
    match[2] === undefined ? (match[1] ?? '') : Number(match[2]),
  );
}

/** A problem of a configuration at one JSON path (`steps[1].blocks[0].data.label`). */
export type ConfigIssue = { path: string; message: string };

export type ConfigParseResult =
  { ok: true; config: WizardConfig } | { ok: false; problems: string[] };

/** A form that lists its languages needs not name its own again: it is the first of them. */
function withOwnLanguage(input: unknown): unknown {
  if (input === null || typeof input !== 'object') return input;
  const { lang, languages } = input as { lang?: unknown; languages?: unknown };
  return lang === undefined &&
    Array.isArray(languages) &&
    typeof languages[0] === 'string'
    ? { ...input, lang: languages[0] }
    : input;
}

/** Checks a wizard configuration; each issue names the JSON path it concerns. */
export function checkWizardConfig(
  input: unknown,
): { ok: true; config: WizardConfig } | { ok: false; issues: ConfigIssue[] } {
  const result = wizardConfigSchema.safeParse(withOwnLanguage(input));
  if (result.success) return { ok: true, config: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: formatIssuePath(issue.path),
      message: issue.message,
    })),
  };
}

/** Parses a wizard configuration; each problem names the JSON path that is wrong. */
export function parseWizardConfig(input: unknown): ConfigParseResult {
  const result = checkWizardConfig(input);
  if (result.ok) return result;
  return {
    ok: false,
    problems: result.issues.map(
      (issue) => `${issue.path || '(root)'}: ${issue.message}`,
    ),
  };
}
