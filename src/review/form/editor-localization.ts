import type { WizardConfig } from '#engine/config-schema.ts';
import {
  languageNameIn,
  languagesOf,
} from '#engine/languages/language-tags.ts';
import { missingTranslations } from '#engine/languages/localize.ts';

// What the editor does with a form's other languages, with the product's own words in each: a
// chunk loaded only for a form offered in more than one language (see use-localization.ts).
export { localizeConfig } from '#engine/languages/localize.ts';

/** The languages other than the form's own that still have texts to translate, with how many. */
export function missingByLanguage(
  config: WizardConfig,
): { tag: string; count: number; words: string }[] {
  return languagesOf(config)
    .slice(1)
    .map((tag) => ({ tag, count: missingTranslations(config, tag).length }))
    .filter(({ count }) => count > 0)
    .map(({ tag, count }) => ({
      tag,
      count,
      words: `${languageNameIn(tag, 'en')}: ${count} ${count === 1 ? 'text' : 'texts'} not translated`,
    }));
}
