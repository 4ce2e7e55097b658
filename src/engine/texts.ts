import type { WizardConfig } from './config-schema.ts';

/** Every string the wizard shows outside the configuration's own blocks, in English; `config.texts` overrides any of them. */
export const defaultTexts = {
  continue: 'Continue',
  signIn: 'Sign In',
  back: 'Back',
  submitError: 'Something went wrong. Please, try again later.',
  formChanged: 'This form has changed: check the new questions',
  sending: 'Sending…',
  selectPlaceholder: 'Select Option',
  searchPlaceholder: 'Search...',
  noResults: 'No results found',
  yes: 'Yes',
  no: 'No',
  required: 'This field is required',
  email: 'Enter a valid email address',
  digitsOnly: 'Enter digits only',
  phoneCodeRequired: 'Select a calling code',
  phoneSubscriberRequired: 'Enter the phone number',
  phoneText: 'Enter a valid phone number',
  zip: 'Enter a valid ZIP code',
  followers: 'Enter a valid number',
  websiteUrl: 'Enter your website URL',
  handle: 'Enter your username only',
  selectRequired: 'Select an option',
  answerRequired: 'Choose Yes or No',
  tooMany: 'Choose at most {max}',
  choiceLimit: 'You can choose up to {max}',
  tooLong: 'Keep this under {max} characters',
  unstorableText:
    'This answer holds a hidden character that cannot be saved. Please type it instead of pasting it.',
  platformsNone: 'Fill at least one platform',
  platformsAllRequired: 'Fill all required platforms',
  platformsOneRequired: 'Fill the required platform',
  handleLabel: 'Username',
  followersLabel: 'Followers',
  urlLabel: 'Website URL',
  monthlyTrafficLabel: 'Monthly visitors',
  callingCodeLabel: 'Country calling code',
  phoneNumberLabel: 'Phone number',
  progressLabel: 'Application progress',
  stepCompleted: 'completed',
  removeSelection: 'Remove {name}',
  honeypotLabel: 'Leave this field empty',
  opensInNewTab: '(opens in a new tab)',
  // Names the language switch for assistive technology, before the language shown.
  language: 'Language',
  pageError: 'Something went wrong on this page.',
  pageErrorDetail:
    'Your answers are kept. Reload the page to continue where you left off.',
  reload: 'Reload the page',
  lengthCounter: '{count} of {max} characters',
  pasteCut: 'What you pasted was cut to {max} characters.',
  attentionOne: '1 answer needs attention: {names}.',
  attentionMany: '{count} answers need attention: {names}.',
  callsHeading: 'Open calls',
  callsIntro:
    'Choose a call and apply: each one has its own dates and its own form.',
  callCloses: 'Closes {date}',
  callOpenEnded: 'Open until further notice',
  noOpenCalls:
    'There are no open calls right now. New calls are posted on this page: please come back soon.',
  callClosed:
    'Applications for this call have closed. Thank you for your interest.',
  callScheduled: 'Applications for this call open on {date}.',
  seeOpenCalls: 'See the open calls',
  botCheckFailed:
    'We could not confirm that a person is sending this. Your answers are kept: please press the button again.',
  followApplication:
    'See where your application stands, withdraw it or take your data',
  // Where an application stands, on the applicant's own page.
  'status.received': 'Received',
  'status.in_review': 'In review',
  'status.accepted': 'Accepted',
  'status.declined': 'Not this time',
  'status.withdrawn': 'Withdrawn',
  saveLater: 'Save and continue later',
  saveLaterIntro:
    'We will e-mail you a link that brings back your answers, so you can finish on any device.',
  saveLaterEmail: 'Email Address',
  saveLaterSend: 'Send me the link',
  saveLaterSent:
    'We’ve sent a link to {email}. It works for 30 days, on any device.',
  saveLaterFailed:
    'The link could not be sent. Your answers are still here: please try again in a moment.',
  close: 'Close',
  resumeGone:
    'This link to saved answers no longer works: it has expired, a newer one replaced it, or the application was sent. You can start here.',
  resumeFailed:
    'Your saved answers could not be loaded. Open the link from the e-mail again in a moment.',
} as const;

export type TextKey = keyof typeof defaultTexts;
export type Texts = Record<TextKey, string>;

/**
 * The one table of a configuration's texts: its `texts` over the English defaults, and its
 * `buttonText` and `submitErrorText` over both, as they name the same texts more specifically.
 */
export function resolveWizardTexts(config: WizardConfig): Texts {
  const specific = {
    continue: config.buttonText.continue,
    signIn: config.buttonText.signIn,
    back: config.buttonText.back,
    submitError: config.submitErrorText,
  };
  return resolveTexts({
    ...config.texts,
    ...Object.fromEntries(
      Object.entries(specific).filter(([, text]) => text !== undefined),
    ),
  });
}

/** Merges the configuration's overrides over the English defaults. */
export function resolveTexts(
  overrides: Partial<Record<TextKey, string>> | undefined,
): Texts {
  return { ...defaultTexts, ...overrides };
}

/** Fills `{name}` placeholders; unknown names stay as written so a typo in a configuration is visible, not silent. */
export function interpolate(
  template: string,
  values: Record<string, string | number>,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
