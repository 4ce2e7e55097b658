/**
 * What a call's wizard in a frame and the organisation's page around it say to each other. The
 * host script (`/embed.js`), the wizard and the tests read these names from here. No message ever
 * carries an answer: the host page learns where the applicant is, never what they wrote.
 */

/**
 * The address parameter that asks for the wizard's page as a frame's content. Its value is the host
 * page's origin, the only origin the frame posts its messages to.
 */
export const embedParameter = 'embed';

/** The frame's content height changed (in CSS pixels): the host script sizes the frame to it. */
export type EmbedResize = {
  type: 'creator-application:resize';
  call: string;
  height: number;
};

/** The applicant reached a step (its id, as insights count it, and its position from 0). */
export type EmbedStep = {
  type: 'creator-application:step';
  call: string;
  step: string;
  index: number;
};

/** The application was stored. */
export type EmbedSubmitted = {
  type: 'creator-application:submitted';
  call: string;
};

/**
 * Esc was pressed in the frame with nothing of the form's own open to close (a list, a dialog): a
 * frame's keys never reach the page around it, so the script learns this way to close its popup.
 */
export type EmbedEscape = {
  type: 'creator-application:escape';
  call: string;
};

export type EmbedMessage =
  EmbedResize | EmbedStep | EmbedSubmitted | EmbedEscape;

/**
 * The host page's address parameters the script hands to the frame as if they were in the form's
 * own address: campaign tags and the ad platforms' click ids.
 */
export const attributionParameters = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'gclid',
  'fbclid',
  'ttclid',
] as const;
