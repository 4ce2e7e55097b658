import type { WizardConfig } from '../config-schema.ts';
import { stepIdsOf } from '../step-ids.ts';
import type { TextKey } from '../texts.ts';
import { builtInLanguageOf } from './built-in/index.ts';
import { languagesOf } from './language-tags.ts';
import {
  textsOf,
  type ApplicantTemplateName,
  type TextAt,
} from './text-paths.ts';

/** The keys on the way to a path's text: a message's key may hold a dot (`texts.status.accepted`). */
function keysOf(path: string): string[] {
  return path.startsWith('texts.')
    ? ['texts', path.slice('texts.'.length)]
    : path.split('.');
}

/** The product's own text at a path of `texts.*` or the applicant's templates, in a language. */
function builtInTextAt(tag: string, path: string): string | undefined {
  const language = builtInLanguageOf(tag);
  if (!language) return undefined;
  const keys = keysOf(path);
  if (keys[0] === 'texts') return language.texts[keys[1] as TextKey];
  if (path.startsWith('notifications.templates.')) {
    const template = language.templates[keys[2] as ApplicantTemplateName];
    return template?.[keys[3] as 'subject' | 'body' | 'button'];
  }
  // The specific names of built-in texts (`buttonText.continue`) hold the form's own words.
  return undefined;
}

/**
 * A text in a language: the form's translation, else (where the form keeps the product's own
 * text) the product's words in that language; undefined where the form's own language shows.
 */
export function translationAt(
  config: Pick<WizardConfig, 'translations'>,
  tag: string,
  { path, text }: TextAt,
): string | undefined {
  return (
    config.translations[tag]?.[path] ??
    (text === undefined ? builtInTextAt(tag, path) : undefined)
  );
}

/** Writes a text at a dotted path, making the objects on the way where the form had none. */
function writeAt(root: Record<string, unknown>, path: string, text: string) {
  const keys = keysOf(path);
  let at: Record<string, unknown> = root;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    if (next === null || typeof next !== 'object') at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys[keys.length - 1] as string] = text;
}

/**
 * The form as a visitor in `tag` reads it: every text in that language where there is one, and
 * the form's own where not; `lang` set to the language shown, and no translations of other
 * languages, so the page carries one language only. Each step keeps the id its own-language name
 * gives it, so what is counted of it is counted in every language under one name.
 */
export function localizeConfig(
  config: WizardConfig,
  tag: string,
): WizardConfig {
  const languages = languagesOf(config);
  const shown = languages.includes(tag) ? tag : (languages[0] ?? config.lang);
  const ids = stepIdsOf(config);
  // A form is JSON data, so a JSON round trip copies it whole (the engine has no DOM/Node globals).
  const localized = JSON.parse(JSON.stringify(config)) as WizardConfig;
  localized.lang = shown;
  // The language shown heads the list, so the form as read is a form the check takes (its own
  // language first); the switch offers the others.
  if (config.languages)
    localized.languages = [shown, ...languages.filter((tag) => tag !== shown)];
  localized.translations = {};
  localized.steps.forEach((step, index) => {
    step.id = ids[index];
  });
  for (const at of textsOf(config)) {
    const text = translationAt(config, shown, at);
    if (text !== undefined)
      writeAt(localized as unknown as Record<string, unknown>, at.path, text);
  }
  return localized;
}

/** The texts a language does not have yet, which show in the form's own language. */
export function missingTranslations(
  config: WizardConfig,
  tag: string,
): TextAt[] {
  return textsOf(config).filter(
    (at) => translationAt(config, tag, at) === undefined,
  );
}
