import type { TemplateName } from '#engine/email-templates.ts';

/** Each e-mail's name in the editor: who gets it, and when. */
export const templateTitles: Record<TemplateName, string> = {
  newApplication: 'To staff: a new application',
  receipt: 'To the applicant: we have your application',
  accepted: 'To the applicant: accepted',
  declined: 'To the applicant: declined',
  digest: 'To staff: the daily digest',
  meLink: 'To the applicant: the link to their own page',
  resumeLink: 'To the applicant: the link to continue a saved application',
  alreadyApplied: 'To the applicant: applied to this call before',
};
