import type { ApplicantPageTexts } from '../../applicant-page-texts.ts';
import type { EmailLines, Template } from '../../email-templates.ts';
import type { Texts } from '../../texts.ts';
import type { ApplicantTemplateName } from '../text-paths.ts';

/**
 * The product's own words in one language: every message of the wizard, the applicant's e-mails
 * and the applicant's page. Each language is whole, so a new message fails to compile until every
 * language has it; a form's translations override any of them.
 */
export type BuiltInLanguage = {
  texts: Texts;
  templates: Record<ApplicantTemplateName, Template>;
  applicantPage: ApplicantPageTexts;
  emailLines: EmailLines;
};
