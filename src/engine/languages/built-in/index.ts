import { applicantPageTexts } from '../../applicant-page-texts.ts';
import { defaultEmailLines, defaultTemplates } from '../../email-templates.ts';
import { defaultTexts } from '../../texts.ts';
import { applicantTemplateNames } from '../text-paths.ts';
import { arabic } from './ar.ts';
import { german } from './de.ts';
import type { BuiltInLanguage } from './types.ts';

const english: BuiltInLanguage = {
  texts: defaultTexts,
  templates: Object.fromEntries(
    applicantTemplateNames.map((name) => [name, defaultTemplates[name]]),
  ) as BuiltInLanguage['templates'],
  applicantPage: applicantPageTexts,
  emailLines: defaultEmailLines,
};

/**
 * The languages the product speaks by itself, by primary language subtag. Forms in any other
 * language show these messages in English until they translate them.
 */
export const builtInLanguages: Readonly<Record<string, BuiltInLanguage>> = {
  en: english,
  de: german,
  ar: arabic,
};

/** The product's own words in a language (`de-AT` takes `de`'s), if it ships them. */
export function builtInLanguageOf(tag: string): BuiltInLanguage | undefined {
  return (
    builtInLanguages[tag] ?? builtInLanguages[new Intl.Locale(tag).language]
  );
}
