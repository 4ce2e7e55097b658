import Negotiator from 'negotiator';
import {
  applicantPageTexts,
  type ApplicantPageTexts,
} from '#engine/applicant-page-texts.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { builtInLanguageOf } from '#engine/languages/built-in/index.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';

/**
 * The language the applicant's page is written in: `?lang=` when the form offers it, else the
 * browser's first choice among the form's languages, else the form's own.
 */
export function mePageLanguageOf(
  config: Pick<WizardConfig, 'lang' | 'languages'>,
  asked: unknown,
  acceptLanguage: string | undefined,
): string {
  const offered = languagesOf(config);
  if (typeof asked === 'string' && offered.includes(asked)) return asked;
  const [preferred] = new Negotiator({
    headers: { 'accept-language': acceptLanguage ?? '' },
  }).languages([...offered]);
  return acceptLanguage && preferred ? preferred : config.lang;
}

/** The page's own words in a language: the product's, in English where it has none in that one. */
export const mePageTextsOf = (language: string): ApplicantPageTexts =>
  builtInLanguageOf(language)?.applicantPage ?? applicantPageTexts;
