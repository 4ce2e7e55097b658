import { interpolate } from './texts.ts';

/**
 * The messages the organisation sends, with the placeholders each may use. A placeholder is a
 * name in braces, `{firstName}`; one a template does not offer stops start-up, so a typo never
 * reaches an inbox. Every template about applications offers `{callTitle}`, the title of the call
 * the application was sent to (in the digest, of every call its applications were sent to); the
 * sign-in link to the applicant's own page is about all of a person's applications, so it does not.
 */
export const templatePlaceholders = {
  newApplication: [
    'name',
    'country',
    'platforms',
    'reach',
    'applicationUrl',
    'organisation',
    'callTitle',
  ],
  receipt: ['firstName', 'name', 'organisation', 'callTitle'],
  accepted: ['firstName', 'name', 'organisation', 'callTitle'],
  declined: ['firstName', 'name', 'organisation', 'callTitle'],
  digest: ['count', 'list', 'workspaceUrl', 'organisation', 'callTitle'],
  meLink: ['organisation'],
  resumeLink: ['organisation', 'callTitle'],
  alreadyApplied: [
    'firstName',
    'name',
    'organisation',
    'callTitle',
    'myPageUrl',
  ],
} as const;

export type TemplateName = keyof typeof templatePlaceholders;
/** `button`: the label of the e-mail's one button-styled link, to its main action. */
export type Template = { subject: string; body: string; button: string };

/** English defaults: warm, specific, and short enough to read on a phone. */
export const defaultTemplates: Record<TemplateName, Template> = {
  newApplication: {
    subject: 'New application: {name}',
    button: 'Read the application',
    body: '{name} ({country}) applied to {organisation}.\n\nCall: {callTitle}\nPlatforms: {platforms}\nTotal reach: {reach}\n\nRead the application in the workspace:\n{applicationUrl}',
  },
  receipt: {
    subject: 'We have your application, {firstName}',
    button: 'Visit the creator hub',
    body: 'Hello {firstName},\n\nthank you for applying to work with {organisation}. Your application has arrived safely.\n\nWhat happens next: our team reads every application, and we write to you at this address once we have decided, usually within two weeks. There is nothing more you need to do.\n\nWarm regards,\nThe {organisation} team',
  },
  accepted: {
    subject: 'Welcome aboard, {firstName}',
    button: 'Visit the creator hub',
    body: 'Hello {firstName},\n\nwe loved your application, and we would be delighted to work with you. Someone from the {organisation} team will write to you in the next few days to talk about dates, ideas and what we can offer.\n\nWarm regards,\nThe {organisation} team',
  },
  declined: {
    subject: 'Your application to {organisation}',
    button: 'Visit the creator hub',
    body: 'Hello {firstName},\n\nthank you for the time you gave to your application. We read it with care, and this time we will not be going ahead: we had many more applications than places, and we chose creators whose audiences match this season\u2019s plans most closely.\n\nThis is not a verdict on your work. We plan new campaigns every season, and you are welcome to apply again.\n\nWarm regards,\nThe {organisation} team',
  },
  digest: {
    subject: '{count} new applications to {organisation}',
    button: 'Open the workspace',
    body: 'New applications in the last day:\n\n{list}\n\nOpen the workspace:\n{workspaceUrl}',
  },
  meLink: {
    subject: 'Your link to your applications to {organisation}',
    button: 'See your applications',
    body: 'Hello,\n\nhere is the link you asked for: it shows each application you sent to {organisation} and where it stands. It works once, within the next 30 minutes.\n\nIf you did not ask for it, ignore this e-mail: nothing changes.\n\nWarm regards,\nThe {organisation} team',
  },
  resumeLink: {
    subject: 'Your application to {organisation}, saved for later',
    button: 'Continue my application',
    body: 'Hello,\n\nyour answers to {callTitle} are saved. Follow the link below to continue where you left off, on any device. It works for 30 days; once you send your application, it is no longer needed.\n\nIf you did not ask for this e-mail, you can ignore it.\n\nWarm regards,\nThe {organisation} team',
  },
  alreadyApplied: {
    subject: 'You have already applied to {callTitle}',
    button: 'See your application',
    body: 'Hello {firstName},\n\nwe already have your application to {callTitle}, so there is nothing more to send: our team reads one application from each person for each call, and the one you sent first is the one we read.\n\nYou can see your application and where it stands on your own page:\n{myPageUrl}\n\nWarm regards,\nThe {organisation} team',
  },
};

/** The lines the product adds to an applicant's e-mails, around the organisation's own words. */
export const defaultEmailLines = {
  /** Under receipts and decisions: where the applicant follows their application. */
  myPage: 'See where your application stands: {url}',
};

export type EmailLines = Record<keyof typeof defaultEmailLines, string>;

/** A template with its placeholders filled with `values`; one without a value stays as written. */
export function fillTemplate(
  template: Template,
  values: Record<string, string>,
): Template {
  return {
    subject: interpolate(template.subject, values),
    body: interpolate(template.body, values),
    button: interpolate(template.button, values),
  };
}
