import type { BlockComponent, Validator } from '#engine/config-schema.ts';
import type { TextKey } from '#engine/texts.ts';

/** The Texts tab's groups, in the order it shows them, with their headings. */
export const textGroups = {
  buttons: 'Buttons',
  errors: 'Error messages',
  questions: 'Names, prompts and notes inside questions',
  unseen: 'Read out by screen readers, not shown',
  pageError: 'When the page breaks',
  callList: 'The list of open calls (the default call’s words are used there)',
  callNotOpen: 'When this call is not open',
  applicantPage: 'The applicant’s own page, and the link to it',
  saveLater: 'Saving to continue later',
} as const;

export type TextGroup = keyof typeof textGroups;

type ValidatorName = Extract<Validator, string>;

/**
 * Which steps show a text, for naming them beside it: steps holding one of `blocks`, or a question
 * checked by one of `validators`; the last step; the step that sends the application; or `anyStep`,
 * when the words say where and no step list would add to them.
 */
export type TextPlace =
  | 'anyStep'
  | 'lastStep'
  | 'sendingStep'
  | {
      blocks: readonly BlockComponent[];
      validators?: readonly ValidatorName[];
    };

export type TextWords = {
  group: TextGroup;
  /** What the text is, in the organisation's words. */
  label: string;
  /** Where the applicant meets it, read after the label: "under a phone question". */
  where: string;
  place: TextPlace;
};

/**
 * Every text the wizard shows outside the form's own blocks, in words: a new text fails to compile
 * until it has them. Each `where` says what the wizard does with it (the code that shows it is in
 * `src/web/` and the engine's checks).
 */
export const textWords: Record<TextKey, TextWords> = {
  continue: {
    group: 'buttons',
    label: 'Continue button',
    where:
      'under every step but the last, unless the step has a button text of its own',
    place: 'anyStep',
  },
  signIn: {
    group: 'buttons',
    label: 'Sign-in button',
    where: 'on the last step, opening the sign-up address',
    place: 'lastStep',
  },
  back: {
    group: 'buttons',
    label: 'Back button',
    where:
      'beside Continue on every step but the first and the last, and read out for the back arrow on phones',
    place: 'anyStep',
  },
  reload: {
    group: 'pageError',
    label: 'Reload button',
    where: 'on the page shown when something breaks',
    place: 'anyStep',
  },
  submitError: {
    group: 'errors',
    label: 'Sending failed',
    where:
      'under the buttons of the step that sends the application, when the server cannot take it',
    place: 'sendingStep',
  },
  botCheckFailed: {
    group: 'errors',
    label: 'Bot check failed',
    where:
      'under the buttons of the step that sends the application, when the form’s bot check is on and the browser’s answer to it was not accepted',
    place: 'sendingStep',
  },
  formChanged: {
    group: 'errors',
    label: 'Form changed while the applicant was filling it in',
    where:
      'under the heading of the first step with a new question, when the form was published anew so long ago that the version they answered can no longer be taken',
    place: 'anyStep',
  },
  required: {
    group: 'errors',
    label: 'Required answer missing',
    where:
      'under a required text question or tick box, a yes/no question’s follow-up, or a half-filled platform',
    place: { blocks: ['textInput', 'checkbox', 'yesNo', 'platforms'] },
  },
  email: {
    group: 'errors',
    label: 'E-mail address not valid',
    where: 'under a question checked as an e-mail address',
    place: { blocks: [], validators: ['email'] },
  },
  digitsOnly: {
    group: 'errors',
    label: 'Not only digits',
    where: 'under a phone number, or a question checked for digits only',
    place: { blocks: ['phone'], validators: ['digits'] },
  },
  phoneCodeRequired: {
    group: 'errors',
    label: 'Phone number’s calling code missing',
    where: 'under a phone question whose calling code is empty or unknown',
    place: { blocks: ['phone'] },
  },
  phoneSubscriberRequired: {
    group: 'errors',
    label: 'Phone number missing',
    where: 'under a required phone question left empty',
    place: { blocks: ['phone'] },
  },
  phoneText: {
    group: 'errors',
    label: 'Phone number not valid',
    where: 'under a text question checked as a phone number',
    place: { blocks: [], validators: ['phoneText'] },
  },
  zip: {
    group: 'errors',
    label: 'ZIP code not valid',
    where: 'under a question checked as a ZIP code',
    place: { blocks: [], validators: ['zip'] },
  },
  followers: {
    group: 'errors',
    label: 'Count not a number',
    where:
      'under a platform’s followers or monthly visitors, or a question checked as a count',
    place: { blocks: ['platforms'], validators: ['followers'] },
  },
  websiteUrl: {
    group: 'errors',
    label: 'Web address not valid',
    where:
      'under the website of the platforms question, or a question checked as a web address',
    place: { blocks: ['platforms'], validators: ['websiteUrl'] },
  },
  handle: {
    group: 'errors',
    label: 'Username looks like a web address',
    where:
      'under a platform’s username, or a question checked as a username, when it holds a link',
    place: { blocks: ['platforms'], validators: ['handle'] },
  },
  selectRequired: {
    group: 'errors',
    label: 'No option chosen',
    where: 'under a required choice list left empty',
    place: { blocks: ['select'] },
  },
  answerRequired: {
    group: 'errors',
    label: 'Yes or No not chosen',
    where: 'under a required yes/no question left unanswered',
    place: { blocks: ['yesNo'] },
  },
  tooMany: {
    group: 'errors',
    label: 'Too many options chosen',
    where: 'under a multiple choice with a maximum; {max} becomes the maximum',
    place: { blocks: ['select'] },
  },
  tooLong: {
    group: 'errors',
    label: 'Answer too long',
    where:
      'under a typed answer past its length limit; {max} becomes the limit',
    place: { blocks: ['textInput', 'yesNo', 'phone', 'platforms'] },
  },
  unstorableText: {
    group: 'errors',
    label: 'Pasted hidden character',
    where:
      'under any typed answer holding an invisible character that cannot be saved',
    place: { blocks: ['textInput', 'yesNo', 'phone', 'platforms'] },
  },
  platformsNone: {
    group: 'errors',
    label: 'No platform filled',
    where: 'under the platforms question when none is filled in',
    place: { blocks: ['platforms'] },
  },
  platformsAllRequired: {
    group: 'errors',
    label: 'Required platforms not filled',
    where:
      'under the platforms question when it requires several and one is missing',
    place: { blocks: ['platforms'] },
  },
  platformsOneRequired: {
    group: 'errors',
    label: 'Required platform not filled',
    where:
      'under the platforms question when it requires one and it is missing',
    place: { blocks: ['platforms'] },
  },
  selectPlaceholder: {
    group: 'questions',
    label: 'Choice list prompt',
    where:
      'in a choice list before anything is chosen, and read out for its arrow button',
    place: { blocks: ['select', 'phone'] },
  },
  searchPlaceholder: {
    group: 'questions',
    label: 'Search prompt',
    where: 'in a choice list while it is open, inviting a search',
    place: { blocks: ['select', 'phone'] },
  },
  noResults: {
    group: 'questions',
    label: 'Nothing found',
    where: 'in an open choice list when the search matches no option',
    place: { blocks: ['select', 'phone'] },
  },
  choiceLimit: {
    group: 'questions',
    label: 'Choice limit reached',
    where:
      'above the options of a multiple choice once its maximum is chosen; {max} becomes the maximum',
    place: { blocks: ['select'] },
  },
  yes: {
    group: 'questions',
    label: 'Yes answer',
    where:
      'on each yes/no question, and in the answers your team reads and exports',
    place: { blocks: ['yesNo'] },
  },
  no: {
    group: 'questions',
    label: 'No answer',
    where:
      'on each yes/no question, and in the answers your team reads and exports',
    place: { blocks: ['yesNo'] },
  },
  handleLabel: {
    group: 'questions',
    label: 'Username field name',
    where: 'for each social platform in the platforms question',
    place: { blocks: ['platforms'] },
  },
  followersLabel: {
    group: 'questions',
    label: 'Followers field name',
    where: 'for each social platform in the platforms question',
    place: { blocks: ['platforms'] },
  },
  urlLabel: {
    group: 'questions',
    label: 'Website address field name',
    where: 'for the website in the platforms question',
    place: { blocks: ['platforms'] },
  },
  monthlyTrafficLabel: {
    group: 'questions',
    label: 'Monthly visitors field name',
    where: 'for the website in the platforms question',
    place: { blocks: ['platforms'] },
  },
  callingCodeLabel: {
    group: 'questions',
    label: 'Calling code field name',
    where: 'in a phone question, above the country calling code',
    place: { blocks: ['phone'] },
  },
  phoneNumberLabel: {
    group: 'questions',
    label: 'Phone number field name',
    where: 'in a phone question, above the number',
    place: { blocks: ['phone'] },
  },
  lengthCounter: {
    group: 'questions',
    label: 'Characters used',
    where:
      'under a typed answer nearing its length limit; {count} becomes the characters typed, {max} the limit',
    place: { blocks: ['textInput', 'yesNo', 'platforms'] },
  },
  pasteCut: {
    group: 'questions',
    label: 'Paste cut short',
    where:
      'under a typed answer when a paste was longer than the room left; {max} becomes the limit',
    place: { blocks: ['textInput', 'yesNo', 'platforms'] },
  },
  progressLabel: {
    group: 'unseen',
    label: 'Name of the step bar',
    where: 'read out for the steps shown above each step on wider screens',
    place: 'anyStep',
  },
  stepCompleted: {
    group: 'unseen',
    label: 'Completed step',
    where: 'read out after each step the applicant has done in the step bar',
    place: 'anyStep',
  },
  removeSelection: {
    group: 'unseen',
    label: 'Remove a chosen option',
    where:
      'read out for the × of each option chosen in a multiple choice; {name} becomes the option',
    place: { blocks: ['select'] },
  },
  opensInNewTab: {
    group: 'unseen',
    label: 'Link opens a new tab',
    where: 'read out after each footer link',
    place: 'anyStep',
  },
  language: {
    group: 'unseen',
    label: 'Language switch',
    where:
      'read out before the language shown, on the switch in the header of a form in several languages',
    place: 'anyStep',
  },
  sending: {
    group: 'unseen',
    label: 'Sending in progress',
    where: 'read out while the application is being sent',
    place: 'sendingStep',
  },
  attentionOne: {
    group: 'unseen',
    label: 'One answer to fix',
    where:
      'read out when Continue is refused for one answer; {names} becomes the question',
    place: 'anyStep',
  },
  attentionMany: {
    group: 'unseen',
    label: 'Several answers to fix',
    where:
      'read out when Continue is refused for several answers; {count} becomes how many, {names} the questions',
    place: 'anyStep',
  },
  honeypotLabel: {
    group: 'unseen',
    label: 'Robot trap field name',
    where:
      'on a field hidden from people and screen readers, which only robots fill in',
    place: 'anyStep',
  },
  pageError: {
    group: 'pageError',
    label: 'Page broke heading',
    where: 'on the page shown when something breaks',
    place: 'anyStep',
  },
  pageErrorDetail: {
    group: 'pageError',
    label: 'Page broke explanation',
    where: 'under that heading',
    place: 'anyStep',
  },
  callsHeading: {
    group: 'callList',
    label: 'Open calls heading',
    where: 'at the top of the page listing the open calls, and in its title',
    place: 'anyStep',
  },
  callsIntro: {
    group: 'callList',
    label: 'Open calls introduction',
    where:
      'under that heading, and shown by search engines as the page’s description',
    place: 'anyStep',
  },
  callCloses: {
    group: 'callList',
    label: 'Closing date',
    where:
      'under each open call’s summary; {date} becomes its closing date and time',
    place: 'anyStep',
  },
  callOpenEnded: {
    group: 'callList',
    label: 'No closing date',
    where: 'under the summary of an open call that has no closing date',
    place: 'anyStep',
  },
  noOpenCalls: {
    group: 'callList',
    label: 'No open call',
    where: 'in place of the list when no call is open',
    place: 'anyStep',
  },
  callClosed: {
    group: 'callNotOpen',
    label: 'Call closed',
    where: 'in place of the form once the call has closed or been archived',
    place: 'anyStep',
  },
  callScheduled: {
    group: 'callNotOpen',
    label: 'Call not open yet',
    where:
      'in place of the form before the call opens; {date} becomes its opening date and time',
    place: 'anyStep',
  },
  seeOpenCalls: {
    group: 'callNotOpen',
    label: 'Link to the open calls',
    where: 'under either of those texts, leading to the list of open calls',
    place: 'anyStep',
  },
  followApplication: {
    group: 'applicantPage',
    label: 'Link to the applicant’s page',
    where:
      'on the last step, under its button, leading to the page where applicants follow their applications',
    place: 'lastStep',
  },
  'status.received': {
    group: 'applicantPage',
    label: 'Received',
    where: 'before the team has looked at it',
    place: 'anyStep',
  },
  'status.in_review': {
    group: 'applicantPage',
    label: 'In review',
    where:
      'while the team reads it, and after a decision until the applicant is told',
    place: 'anyStep',
  },
  'status.accepted': {
    group: 'applicantPage',
    label: 'Accepted',
    where: 'once the acceptance has been sent or marked as told',
    place: 'anyStep',
  },
  'status.declined': {
    group: 'applicantPage',
    label: 'Not this time',
    where: 'once the refusal has been sent or marked as told',
    place: 'anyStep',
  },
  'status.withdrawn': {
    group: 'applicantPage',
    label: 'Withdrawn',
    where: 'once the applicant has withdrawn it',
    place: 'anyStep',
  },
  saveLater: {
    group: 'saveLater',
    label: 'Link to save and continue later',
    where:
      'under every step with questions, opening a box that asks for the e-mail address',
    place: 'anyStep',
  },
  saveLaterIntro: {
    group: 'saveLater',
    label: 'What saving does',
    where: 'in that box, above the e-mail address',
    place: 'anyStep',
  },
  saveLaterEmail: {
    group: 'saveLater',
    label: 'E-mail address label',
    where: 'in that box, on the address the link is sent to',
    place: 'anyStep',
  },
  saveLaterSend: {
    group: 'saveLater',
    label: 'Send button',
    where: 'in that box, sending the link',
    place: 'anyStep',
  },
  saveLaterSent: {
    group: 'saveLater',
    label: 'Link sent',
    where:
      'in that box once the link is on its way; {email} becomes the address',
    place: 'anyStep',
  },
  saveLaterFailed: {
    group: 'saveLater',
    label: 'Link not sent',
    where: 'in that box when the link could not be sent; every answer stays',
    place: 'anyStep',
  },
  close: {
    group: 'saveLater',
    label: 'Close button',
    where: 'in that box, going back to the form',
    place: 'anyStep',
  },
  resumeGone: {
    group: 'saveLater',
    label: 'Saved answers no longer there',
    where:
      'atop the form opened from a link to saved answers that has expired or was used up',
    place: 'anyStep',
  },
  resumeFailed: {
    group: 'saveLater',
    label: 'Saved answers not loaded',
    where:
      'atop the form opened from a link to saved answers when they could not be fetched',
    place: 'anyStep',
  },
};
