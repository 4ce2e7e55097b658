import {
  formatIssuePath,
  parseIssuePath,
  type ConfigIssue,
  type WizardConfig,
} from '#engine/config-schema.ts';
import { languageNameIn } from '#engine/languages/language-tags.ts';
import { platformNames, type PlatformKey } from '#engine/platforms.ts';
import {
  blockAnswering,
  fieldOf,
  narrowed,
  blockFieldName,
  blockName,
  colourName,
  formFieldName,
  locateBlocks,
  questionName,
  stepFieldName,
  stepName,
  valueAt,
  type Located,
  type PathKey,
} from './problem-places.ts';

/** A problem of the form as a marketer reads it, and where to fix it. */
export type Problem = {
  /** A sentence in the organisation's words, naming the question or setting by what it says. */
  text: string;
  /** The check's JSON path of the issue (`formItems[5].showOnCondition.path`). */
  path: string;
  /** The step it belongs to, by its place in the form. */
  step?: number;
  /** The block it belongs to, by its place in that step. */
  block?: number;
  /** The JSON path of the field that fixes it, whose input carries it as `data-field`. */
  field?: string;
};

const conditionWords = {
  showOnCondition: {
    setting: '“Show only when”',
    depends: 'which shows only depending on its answer',
  },
  disableOnCondition: {
    setting: '“Disable when”',
    depends: 'which is disabled depending on its answer',
  },
} as const;

const capitalised = (text: string) =>
  text.charAt(0).toUpperCase() + text.slice(1);

type Context = {
  config: WizardConfig;
  keys: PathKey[];
  /** The block the issue is about: the one at its path, or the one a rule belongs to. */
  located: Located | undefined;
  /** What the issue is about, as words: “the hint of the “Country” question”. */
  subject: string;
};

/** The block whose answer a rule of `formItems` is about. */
function ruleOwner(config: WizardConfig, keys: readonly PathKey[]) {
  const item =
    keys[0] === 'formItems' && typeof keys[1] === 'number'
      ? config.formItems[keys[1]]
      : undefined;
  return item && { item, located: blockAnswering(config, item.path) };
}

function locate(config: WizardConfig, keys: PathKey[]): Context {
  const [first, step, third, index, fifth, ...rest] = keys;
  if (first === 'steps' && typeof step === 'number') {
    if (third === 'blocks' && typeof index === 'number') {
      const located = locateBlocks(config).find(
        (candidate) => candidate.step === step && candidate.index === index,
      );
      const name = located
        ? blockName(config, located)
        : `block ${index + 1} of ${stepName(config, step)}`;
      const subject =
        fifth === 'data' && rest.length > 0
          ? `the ${blockFieldName(rest)} of ${name}`
          : name;
      return { config, keys, located, subject };
    }
    return {
      config,
      keys,
      located: undefined,
      subject:
        third === undefined
          ? stepName(config, step)
          : `the ${stepFieldName(third)} of ${stepName(config, step)}`,
    };
  }
  const owner = ruleOwner(config, keys);
  if (owner) {
    const whose = owner.located
      ? blockName(config, owner.located)
      : questionName(config, owner.item.path);
    const rule = keys[2];
    const subject =
      rule === 'showOnCondition' || rule === 'disableOnCondition'
        ? `${conditionWords[rule].setting} of ${whose}`
        : rule === 'validators'
          ? `a check of ${whose}`
          : `the rules of ${whose}`;
    return { config, keys, located: owner.located, subject };
  }
  return { config, keys, located: undefined, subject: formFieldName(keys) };
}

type Reading = (match: RegExpMatchArray, context: Context) => string;

/** Each message the check (and the editor's own) can give, matched, and how it reads. */
const readings: ReadonlyArray<readonly [RegExp, Reading]> = [
  [
    /^no block shows "(.+)"$/,
    ([, missing = ''], { config, keys }) => {
      const gone = questionName(config, missing);
      const rule = keys[2];
      if (rule === 'showOnCondition' || rule === 'disableOnCondition') {
        const owner = ruleOwner(config, keys);
        const whose = owner?.located
          ? blockName(config, owner.located)
          : questionName(config, owner?.item.path ?? '');
        return `${capitalised(gone)} is needed by ${whose}, ${conditionWords[rule].depends}: add ${gone} back, or change ${conditionWords[rule].setting}.`;
      }
      return `${capitalised(gone)} is no longer in the form, but rules for it remain: add it back.`;
    },
  ],
  [
    /^".+" is not an answer this block can hold: (.+)$/,
    ([, why = ''], { config, located }) => {
      const name = located ? blockName(config, located) : 'a block';
      return why.includes('cannot contain')
        ? `The options of ${name} cannot contain “, ” while several may be chosen: the answers are sent joined by it.`
        : `The answer key of ${name} is not one this kind of block can store its answer under: change it under Advanced.`;
    },
  ],
  [
    /^".+" is bound twice: (.+) is there too$/,
    ([, other = ''], { config, located }) => {
      const name = located ? blockName(config, located) : 'a block';
      const otherKeys = parseIssuePath(other);
      const otherBlock = locateBlocks(config).find(
        ({ step, index }) => step === otherKeys[1] && index === otherKeys[3],
      );
      const there = otherBlock
        ? `${blockName(config, otherBlock)} does`
        : `${other}’s answers go`;
      return `${capitalised(name)} stores its answer where ${there}: change the answer key of one of them under Advanced.`;
    },
  ],
  [
    /^only one platforms block is allowed$/,
    () => 'The form has more than one platforms block: keep only one.',
  ],
  [
    /^expected (\d+) images? \(singleCoverImg is (?:true|false)\)$/,
    ([, expected], { config }) =>
      expected === '1'
        ? `With “One cover for every step” on, the form takes one cover; it has ${config.coverImages.length}: remove the others.`
        : `The form needs ${expected} covers and has ${config.coverImages.length}: add the others, or turn on “One cover for every step”.`,
  ],
  [
    /^(\w+) on (\w+) has contrast ([\d.]+):1, below WCAG AA 4\.5:1$/,
    ([, first = '', second = '', ratio]) =>
      `The ${colourName(first)} and the ${colourName(second)} are too alike to read one on the other: their contrast is ${ratio}:1, and at least 4.5:1 is needed.`,
  ],
  [
    /^"(\w+)" is required but not offered$/,
    ([, platform = '']) =>
      `${platformNames[platform as PlatformKey] ?? platform} is required but not offered: offer it, or stop requiring it.`,
  ],
  [
    /^must be 1-64 letters, digits, _ or -$/,
    (_, { subject }) =>
      `${capitalised(subject)} may hold only letters, digits, _ and -, from 1 to 64 of them.`,
  ],
  [
    /^must be an http\(s\) URL or a path starting with \/$/,
    (_, { subject }) =>
      `${capitalised(subject)} must be a web address starting with https:// or a path on this site starting with /.`,
  ],
  [
    /^must be a colour like (#\w+)$/,
    ([, example], { subject }) =>
      `${capitalised(subject)} must be a colour written like ${example}.`,
  ],
  [
    /^may use only these placeholders: (.+)$/,
    ([, placeholders], { subject }) =>
      `${capitalised(subject)} may use only these placeholders: ${placeholders}.`,
  ],
  [
    /^".+" is not a text of this form$/,
    (_, { keys }) =>
      `The ${languageNameIn(String(keys[1]), 'en')} translations hold one of a text the form no longer has: remove it under Translations.`,
  ],
  [
    /^"(.+)" is not one of the form's languages$/,
    ([, tag = '']) =>
      `The form has translations into ${languageNameIn(tag, 'en')} but does not offer it: add it under Translations.`,
  ],
  [
    /^"(.+)" is the form's own language: its texts are the form's$/,
    ([, tag = '']) =>
      `The form has translations into ${languageNameIn(tag, 'en')}, which is now its own language: set its language under General back.`,
  ],
  [
    /^"(.+)" is a parameter the form reads for itself$/,
    ([, name = '']) =>
      `The hidden field “${name}” has a name the form reads from its address for itself: remove it under General.`,
  ],
  [
    /^Describe the image for people who cannot see it\.$/,
    ([sentence], { subject }) =>
      `${capitalised(subject)} is empty. ${sentence}`,
  ],
];

function readingOf(message: string, context: Context): string | undefined {
  for (const [pattern, read] of readings) {
    const match = message.match(pattern);
    if (match) return read(match, context);
  }
  return undefined;
}

/** What is wrong with a value the schema refused, judged from the value itself. */
function whatIsWrong(
  value: unknown,
  last: PathKey | undefined,
  message: string,
) {
  if (value === undefined) return 'is missing';
  if (typeof value === 'string' && value.trim() === '') return 'is empty';
  // The server's messages for the e-mails' addresses.
  if (/e-?mail/i.test(message)) return 'is not an e-mail address';
  if (last === 'lang') return 'must be a language code, like en or en-GB';
  if (typeof value === 'number') return 'must be a whole number above 0';
  const isRule = last === 'showOnCondition' || last === 'disableOnCondition';
  if (typeof value === 'object' && !isRule)
    return 'has a setting the editor does not know: ask a developer to remove it';
  return 'is not valid';
}

/** A sentence for an issue no message of its own explains. */
function refusal({ config, keys, subject }: Context, message: string): string {
  const value = valueAt(config, keys);
  const last = keys.at(-1);
  if (last === 'steps' && Array.isArray(value))
    return 'The form needs at least three steps: the welcome, one or more steps of questions, and the last step.';
  if (last === 'coverImages' && Array.isArray(value))
    return `The form has ${value.length} covers: it takes from 1 to 4.`;
  if (Array.isArray(value) && value.length === 0)
    return `${capitalised(subject)}: there are none, and at least one is needed.`;
  return `${capitalised(subject)} ${whatIsWrong(value, last, message)}.`;
}

/** One issue of the check, in words, with the step, block and field it belongs to. */
function describeProblem(config: WizardConfig, issue: ConfigIssue): Problem {
  const keys = narrowed(config, parseIssuePath(issue.path));
  const path = formatIssuePath(keys);
  const context = locate(config, keys);
  const text =
    readingOf(issue.message, context) ?? refusal(context, issue.message);
  const field = fieldOf(keys, path);
  const located = context.located;
  const step = located?.step ?? (keys[0] === 'steps' ? keys[1] : undefined);
  return {
    text,
    path: issue.path,
    ...(typeof step === 'number' && { step }),
    ...(located && { block: located.index }),
    ...(field !== undefined && { field }),
  };
}

/** Every issue of the check, in words: for the problem list, the outline's marks and each field. */
export function describeProblems(
  config: WizardConfig,
  issues: readonly ConfigIssue[],
): Problem[] {
  return issues.map((issue) => describeProblem(config, issue));
}
