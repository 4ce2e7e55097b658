import { languageNameIn } from '#engine/languages/language-tags.ts';

/** An application's language as the workspace names it: a short mark and the name in English. */
export type LanguageLabel = { short: string; name: string };

/**
 * The language of an inbox row, when it tells the team something: among applications in more
 * than one language. Applications stored before forms had languages have none.
 */
export function languageLabelOf(
  language: string | null,
  occurring: readonly string[] | undefined,
): LanguageLabel | null {
  if (!language || !occurring || occurring.length < 2) return null;
  return {
    short: language.toUpperCase(),
    name: languageNameIn(language, 'en'),
  };
}
