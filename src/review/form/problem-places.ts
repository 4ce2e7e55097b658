import type { Block, WizardConfig } from '#engine/config-schema.ts';
import { answerPaths } from '#engine/block-kinds/placements.ts';
import { kinds } from './block-kinds.ts';

/** One key of a JSON path (`steps[1].blocks[0].data` → `steps`, 1, `blocks`, 0, `data`). */
export type PathKey = string | number;

/** The value of a form at a JSON path, or undefined. */
export function valueAt(config: unknown, keys: readonly PathKey[]): unknown {
  let value = config;
  for (const key of keys) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PathKey, unknown>)[key];
  }
  return value;
}

/** A block and where it is: its step's and its own place. */
export type Located = { block: Block; step: number; index: number };

export function locateBlocks(config: WizardConfig): Located[] {
  return config.steps.flatMap((step, stepIndex) =>
    step.blocks.map((block, index) => ({ block, step: stepIndex, index })),
  );
}

// The form being edited may be in any state, even a block of no known kind or without its data.
const isWellFormed = (block: Block) =>
  Object.hasOwn(kinds, block.component) &&
  typeof block.data === 'object' &&
  block.data !== null;

/** The block storing an answer at `path` (a yes/no's is `<key>.value`), if any. */
export function blockAnswering(
  config: WizardConfig,
  path: string,
): Located | undefined {
  return locateBlocks(config).find(
    ({ block }) => isWellFormed(block) && answerPaths(block).includes(path),
  );
}

const quoted = (text: string) => {
  const words = text.trim().replace(/\s+/g, ' ');
  return `“${words.length > 60 ? `${words.slice(0, 57)}…` : words}”`;
};

/** A block as a sentence names it: the “Country” question, the paragraph “Welcome…”. */
export function blockName(config: WizardConfig, located: Located): string {
  const { block, step, index } = located;
  if (!isWellFormed(block))
    return `the block at place ${index + 1} of ${stepName(config, step)}`;
  const words: unknown =
    'label' in block.data ? block.data.label : block.data.text;
  if (block.component === 'platforms') return 'the platforms block';
  if (typeof words === 'string' && words.trim()) {
    if (block.component === 'text') return `the paragraph ${quoted(words)}`;
    if (block.component === 'sectionHeading')
      return `the heading ${quoted(words)}`;
    if (block.component === 'checkbox') return `the ${quoted(words)} checkbox`;
    return `the ${quoted(words)} question`;
  }
  return `the ${kinds[block.component].name.toLowerCase()} at place ${index + 1} of ${stepName(config, step)}`;
}

export function stepName(config: WizardConfig, step: number): string {
  const name: unknown = config.steps[step]?.name;
  if (typeof name !== 'string' || !name.trim()) return `step ${step + 1}`;
  return `the step ${quoted(name)}`;
}

/** The personal details' names, for a question no longer in the form. */
const personalNames: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  emailAddress: 'E-mail address',
  phone: 'Phone',
  addressFirstLine: 'Address',
  addressSecondLine: 'Address, second line',
  city: 'City',
  zip: 'ZIP or postal code',
  company: 'Company',
  countryCode: 'Country',
  provinceCode: 'State or province',
};

/**
 * The question storing an answer, by its label; for one no longer in the form, its key read as
 * words (`fields.single.favouriteSeason` → the “Favourite season” question).
 */
export function questionName(config: WizardConfig, path: string): string {
  const located = blockAnswering(config, path);
  if (located) {
    const { block } = located;
    if (
      block.component === 'yesNo' &&
      block.data.followUp &&
      path.endsWith('.text')
    )
      return `the follow-up of ${blockName(config, located)}`;
    return blockName(config, located);
  }
  const key = path
    .replace(/^(?:personalInfo|fields\.single|fields\.multi)\./, '')
    .replace(/\.(?:value|text)$/, '');
  const words =
    personalNames[key] ??
    key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[._]/g, ' ')
      .toLowerCase()
      .replace(/^./, (first) => first.toUpperCase());
  return `the ${quoted(words)} question`;
}

/** A block's settings, as a marketer knows them from the block's form. */
const blockFieldNames: Record<string, string> = {
  label: 'wording',
  text: 'text',
  hint: 'hint',
  path: 'answer key',
  options: 'options',
  multiple: '“Several may be chosen” setting',
  multiline: '“Several lines” setting',
  followUp: 'follow-up',
  placeholder: 'placeholder',
  inputType: 'kind of text',
  autoComplete: 'autofill hint',
  half: 'width',
};

/** The setting at `keys` (below a block's `data`), as words: “the hint of”, “option 2 of”. */
export function blockFieldName(keys: readonly PathKey[]): string {
  const [first, second, third] = keys;
  if (first === 'options' && typeof second === 'number')
    return `option ${second + 1}`;
  if (first === 'options' && second === 'from')
    return 'question its options follow';
  if (first === 'options' && second === 'sets')
    return `options shown after the answer ${String(third)}`;
  if (first === 'followUp' && second === 'label') return 'follow-up question';
  return blockFieldNames[String(first)] ?? 'settings';
}

const stepFieldNames: Record<string, string> = {
  name: 'name',
  heading: 'heading',
  footer: 'footer',
  continueButtonText: 'Continue button’s text',
  styles: 'background',
  hideConfirmButton: '“Hide the Continue button” setting',
};

export function stepFieldName(key: PathKey | undefined): string {
  return stepFieldNames[String(key)] ?? 'settings';
}

const colourNames: Record<string, string> = {
  brand: 'brand colour',
  text: 'text colour',
  muted: 'muted text colour',
  error: 'error colour',
  surface: 'background colour',
  surfaceGray: 'grey background colour',
  white: 'white',
};

export const colourName = (key: string) => colourNames[key] ?? key;

const formFieldNames: Record<string, string> = {
  pageId: 'the page’s id',
  title: 'the form’s title',
  lang: 'the language',
  requestUrl: 'the address applications are sent to',
  signInUrl: 'the sign-up address',
  coverImages: 'the covers',
  logo: 'the logo',
  submitErrorText: 'the message shown when sending fails',
  footerLinks: 'the footer links',
  styleConfig: 'the Back button’s style',
  steps: 'the steps',
  analytics: 'the analytics settings',
  errorReporting: 'the error reporting settings',
  platforms: 'the platforms',
  texts: 'a text on the Texts tab',
  theme: 'the colours',
  notifications: 'the e-mails',
  hiddenFields: 'the hidden fields',
  embed: 'the settings for another site’s frame',
};

/** Anything outside the steps and their rules, as words: “the form’s title”, “cover 2’s description”. */
export function formFieldName(keys: readonly PathKey[]): string {
  const [first, second, third] = keys;
  if (first === 'coverImages' && typeof second === 'number')
    return third === 'alt'
      ? `cover ${second + 1}’s description`
      : third === 'width' || third === 'height'
        ? `cover ${second + 1}’s size`
        : `cover ${second + 1}’s picture`;
  if (first === 'logo' && second === 'alt') return 'the logo’s description';
  if (first === 'footerLinks' && typeof second === 'number')
    return third === 'url'
      ? `footer link ${second + 1}’s address`
      : `footer link ${second + 1}’s text`;
  if (first === 'buttonText')
    return `the ${second === 'signIn' ? 'Sign in' : second === 'back' ? 'Back' : 'Continue'} button’s text`;
  if (first === 'theme' && typeof second === 'string')
    return `the ${colourName(second)}`;
  if (first === 'hiddenFields' && typeof second === 'number')
    return `hidden field ${second + 1}`;
  if (first === 'platforms' && second === 'offered')
    return 'the offered platforms';
  if (first === 'notifications' && second === 'staffEmails')
    return typeof third === 'number'
      ? `staff address ${third + 1} on the E-mails tab`
      : 'the staff addresses on the E-mails tab';
  if (first === 'notifications' && second === 'templates') {
    const part = keys[3];
    return `the ${part === 'subject' ? 'subject' : part === 'button' ? 'button' : 'text'} of an e-mail on the E-mails tab`;
  }
  return formFieldNames[String(first)] ?? 'a setting of the form';
}

/** Paths naming a list or an object as a whole, which no one field shows. */
const wholes = new Set<PathKey>([
  'steps',
  'blocks',
  'data',
  'component',
  'coverImages',
  'footerLinks',
  'formItems',
  'offered',
  'theme',
]);

/** The field that fixes an issue: its own, or for a rule, the control that edits that rule. */
export function fieldOf(keys: PathKey[], path: string): string | undefined {
  const validators = keys.indexOf('validators');
  if (keys[0] === 'formItems' && validators > 0)
    return path.slice(0, path.indexOf('.validators') + '.validators'.length);
  const last = keys.at(-1);
  if (
    keys[0] === 'formItems' &&
    (last === 'showOnCondition' || last === 'disableOnCondition')
  )
    return `${path}.path`;
  if (keys[0] === 'formItems' && keys.length === 3 && last === 'path')
    return undefined;
  if (last === undefined || typeof last === 'number' || wholes.has(last))
    return undefined;
  return path;
}

/**
 * The path of the setting an issue is about, where the check names the object holding it: a
 * choice's options emptied in the editor are refused as its whole `data`.
 */
export function narrowed(config: WizardConfig, keys: PathKey[]): PathKey[] {
  if (keys.at(-1) !== 'data') return keys;
  const options = valueAt(config, [...keys, 'options']);
  return Array.isArray(options) && options.length === 0
    ? [...keys, 'options']
    : keys;
}
