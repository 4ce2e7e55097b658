import type { Block, WizardConfig } from '#engine/config-schema.ts';
import type { TemplateName } from '#engine/email-templates.ts';
import { translationAt } from '#engine/languages/localize.ts';
import { textsOf, type TextAt } from '#engine/languages/text-paths.ts';
import type { TextKey } from '#engine/texts.ts';
import { blockTitle, kindLabel } from './block-kinds.ts';
import { templateTitles } from './email-words.ts';
import { textWords } from './text-words.ts';

/** One text of the form beside its translation into the language being translated. */
export type TranslationRow = {
  path: string;
  /** What the text is, in words: "Question “Country”: hint". */
  label: string;
  /** The text in the form's own language, as an applicant reads it. */
  source: string;
  /** The form's translation, or '' where it has none. */
  translation: string;
  /** The product's own words in the language, shown where the form keeps the product's message. */
  builtIn: string | undefined;
  /** Shown in the form's own language until translated. */
  isMissing: boolean;
  /** Long enough, or in lines, to be typed in a text area. */
  isLong: boolean;
};

export type TranslationGroup = { heading: string; rows: TranslationRow[] };

/** The product's text at a path in a language, where the form keeps the product's own. */
const builtInAt = (tag: string, path: string) =>
  translationAt({ translations: {} }, tag, { path, text: undefined });

const stepFieldWords: Record<string, string> = {
  name: 'Step name',
  heading: 'Heading',
  footer: 'Note under the step',
  continueButtonText: 'Continue button',
};

const blockFieldWords: Record<string, string> = {
  text: 'text',
  label: 'question',
  hint: 'hint',
  placeholder: 'placeholder',
  'followUp.label': 'follow-up question',
};

const templatePartWords = {
  subject: 'subject',
  body: 'text',
  button: 'button',
};

/** A block's text in words, from its path inside the block's `data`. */
function blockFieldLabel(block: Block, field: string): string {
  const named = `${kindLabel(block.component)} “${blockTitle(block)}”`;
  const option = /^options\.(\d+)\.name$/.exec(field);
  if (option) return `${named}: option ${Number(option[1]) + 1}`;
  const set = /^options\.sets\.([^.]+)\.(?:label|options\.(\d+)\.name)$/.exec(
    field,
  );
  if (set)
    return set[2] === undefined
      ? `${named}: heading of the choices after “${set[1]}”`
      : `${named}: option ${Number(set[2]) + 1} after “${set[1]}”`;
  return `${named}: ${blockFieldWords[field] ?? field}`;
}

/** The group a text belongs to and its words there. */
function placeOf(
  config: WizardConfig,
  path: string,
): { group: string; label: string } {
  const keys = path.split('.');
  const [root, second] = keys;
  if (root === 'steps') {
    const index = Number(second);
    const step = config.steps[index];
    const group = `Step ${index + 1}, ${step?.name ?? ''}`;
    const block =
      keys[2] === 'blocks' ? step?.blocks[Number(keys[3])] : undefined;
    return {
      group,
      label: block
        ? blockFieldLabel(block, keys.slice(5).join('.'))
        : (stepFieldWords[keys[2] ?? ''] ?? path),
    };
  }
  if (root === 'notifications') {
    const name = keys[2] as TemplateName;
    const part = keys[3] as keyof typeof templatePartWords;
    return {
      group: 'E-mails',
      label: `${templateTitles[name]}: ${templatePartWords[part]}`,
    };
  }
  if (root === 'texts' || root === 'buttonText' || root === 'submitErrorText') {
    // A text key may hold a dot itself: `texts.status.received`.
    const key = (
      root === 'submitErrorText' ? 'submitError' : keys.slice(1).join('.')
    ) as TextKey;
    return { group: 'Messages', label: textWords[key].label };
  }
  const general: Record<string, string> = {
    title: 'Title',
    coverImages: `Cover image ${Number(second) + 1}: description`,
    logo: 'Logo: description',
    footerLinks: `Footer link ${Number(second) + 1}`,
  };
  return { group: 'General', label: general[root ?? ''] ?? path };
}

function rowOf(config: WizardConfig, tag: string, at: TextAt): TranslationRow {
  // A language the product does not speak shows its English, as the wizard does.
  const source =
    at.text ??
    builtInAt(config.lang, at.path) ??
    builtInAt('en', at.path) ??
    '';
  const translation = config.translations[tag]?.[at.path] ?? '';
  const builtIn = at.text === undefined ? builtInAt(tag, at.path) : undefined;
  return {
    path: at.path,
    label: placeOf(config, at.path).label,
    source,
    translation,
    builtIn,
    isMissing: translationAt(config, tag, at) === undefined,
    isLong: source.length > 80 || source.includes('\n'),
  };
}

/** Every text of the form with its translation into `tag`, in the form's order. */
export function translationRows(
  config: WizardConfig,
  tag: string,
): TranslationRow[] {
  return textsOf(config).map((at) => rowOf(config, tag, at));
}

/**
 * The rows grouped as the editor shows the form: the general texts, each step, the messages, the
 * e-mails; with `onlyMissing`, the rows still to translate and the groups that have any.
 */
export function translationGroups(
  config: WizardConfig,
  rows: readonly TranslationRow[],
  onlyMissing: boolean,
): TranslationGroup[] {
  const groups = new Map<string, TranslationRow[]>();
  for (const row of rows) {
    if (onlyMissing && !row.isMissing) continue;
    const { group } = placeOf(config, row.path);
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  return [...groups].map(([heading, grouped]) => ({ heading, rows: grouped }));
}

/** "41 of 96 translated". */
export function progressWords(rows: readonly TranslationRow[]): string {
  const done = rows.filter((row) => !row.isMissing).length;
  return `${done} of ${rows.length} translated`;
}

/** Writes a translation into the draft; an empty one is removed, and the text shows untranslated. */
export function writeTranslation(
  draft: WizardConfig,
  tag: string,
  path: string,
  text: string,
): void {
  const texts = { ...draft.translations[tag] };
  if (text.trim() === '') delete texts[path];
  else texts[path] = text;
  draft.translations = { ...draft.translations, [tag]: texts };
}

/**
 * The paths a language translates that are no text of the form now (an option or link removed
 * since): the check refuses them, so the view offers to drop them.
 */
export function strandedPaths(config: WizardConfig, tag: string): string[] {
  const texts = new Set(textsOf(config).map((at) => at.path));
  return Object.keys(config.translations[tag] ?? {}).filter(
    (path) => !texts.has(path),
  );
}

/** Drops a language's translations of texts the form no longer has. */
export function dropStranded(draft: WizardConfig, tag: string): void {
  for (const path of strandedPaths(draft, tag))
    writeTranslation(draft, tag, path, '');
}
