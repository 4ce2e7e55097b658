import type { WizardConfig } from '#engine/config-schema.ts';
import {
  languageNameIn,
  languageNameOf,
  languagesOf,
  languageTagPattern,
} from '#engine/languages/language-tags.ts';

/** Which language the Translations view shows, and whether only its missing texts. */
export type Translating = { tag: string | null; onlyMissing: boolean };

/** The languages offered first when adding one: the source markets destinations recruit in most. */
const commonTags = [
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pt',
  'pl',
  'sv',
  'da',
  'nb',
  'fi',
  'cs',
  'ja',
  'zh',
  'ko',
  'ar',
  'he',
  'tr',
  'en',
];

/** A language as the editor names it: in English, then in itself where that differs ("German (Deutsch)"). */
export function languageWords(tag: string): string {
  const english = languageNameIn(tag, 'en');
  const own = languageNameOf(tag);
  return own === english ? english : `${english} (${own})`;
}

/** The common languages the form does not offer yet, to pick one to add. */
export function languagesToAdd(
  config: WizardConfig,
): { tag: string; words: string }[] {
  const offered = new Set(languagesOf(config));
  return commonTags
    .filter((tag) => !offered.has(tag))
    .map((tag) => ({ tag, words: languageWords(tag) }));
}

/**
 * A typed language tag in its usual spelling (`pt-br` → `pt-BR`), or what is wrong with it: a
 * sentence to show beside the field.
 */
export function checkedTag(
  config: WizardConfig,
  typed: string,
): { tag: string } | { problem: string } {
  const trimmed = typed.trim();
  let tag: string | undefined;
  try {
    if (languageTagPattern.test(trimmed))
      tag = Intl.getCanonicalLocales(trimmed)[0];
  } catch {
    tag = undefined;
  }
  if (!tag)
    return {
      problem: `“${trimmed}” is not a language tag: type one like de, pt-BR or zh-Hant.`,
    };
  if (languagesOf(config).includes(tag))
    return { problem: `The form is already offered in ${languageWords(tag)}.` };
  return { tag };
}

/** Offers the form in one more language, after the ones it has; its own stays first. */
export function addLanguage(draft: WizardConfig, tag: string): void {
  draft.languages = [...languagesOf(draft), tag];
  // A draft saved before forms had translations carries none.
  const { translations } = draft as Partial<Pick<WizardConfig, 'translations'>>;
  draft.translations = translations ?? {};
}

/** Stops offering a language, and drops its translations; the form's own language stays. */
export function removeLanguage(draft: WizardConfig, tag: string): void {
  if (tag === draft.lang) return;
  draft.languages = languagesOf(draft).filter((each) => each !== tag);
  const { [tag]: _removed, ...others } = draft.translations;
  draft.translations = others;
}

/** The form's own language changed: it stays the first of its languages. */
export function setOwnLanguage(draft: WizardConfig, tag: string): void {
  draft.lang = tag;
  if (draft.languages) draft.languages[0] = tag;
}

/** The language the Translations view shows: the one asked for while the form offers it, else its next. */
export function translatedLanguage(
  config: WizardConfig,
  asked: string | null,
): string | null {
  const others = languagesOf(config).slice(1);
  return asked !== null && others.includes(asked) ? asked : (others[0] ?? null);
}
