import {
  applicantPageTexts,
  type ApplicantPageTexts,
} from '#engine/applicant-page-texts.ts';
import { builtInLanguageOf } from '#engine/languages/built-in/index.ts';

/** The page's own words in a language: the product's, in English where it has none in that one. */
export const mePageTextsOf = (language: string): ApplicantPageTexts =>
  builtInLanguageOf(language)?.applicantPage ?? applicantPageTexts;
