import type { FieldIssue } from './block-kinds/answer.ts';
import type { WizardConfig } from './config-schema.ts';
import { defaultTexts } from './texts.ts';

/**
 * The request header naming the form version the applicant was served (`Form-Version: 7`). A header,
 * not a field of the body: the body is the application as others receive and store it, and stays so.
 */
export const formVersionHeader = 'Form-Version';

/**
 * The request header carrying the answer to a bot-check challenge, when the form asks for one: the
 * answer is not an applicant's, so, like the form version, it stays out of the body.
 */
export const botCheckHeader = 'Bot-Check';

/** Where the wizard asks for a bot-check challenge to solve (`GET`). */
export const botCheckChallengePath = '/api/bot-check/challenge';

/** `PUT /api/syncPage/:pageId`'s answer to an application stored (201) or stored before (200). */
export type ApplicationReceived = { id: string; receivedAt: string };

/**
 * The application was answered under a form version the server no longer takes (replaced longer
 * ago than a draft is kept) or never published; `version` is the one served now. Its own `error`,
 * so it is never read as the idempotency conflict, the other 409.
 */
export type FormChanged = {
  error: 'form_changed';
  message: string;
  version: number;
};

/** The address of the organisation's list of open calls, where a closed call's applicant is sent. */
export const callsPath = '/calls';

/** The applicant's own page: where their applications stand, reached by an e-mailed link. */
export const applicantPagePath = '/me';

/** Every refusal of `PUT /api/syncPage/:pageId` a client can act on. */
export type ApplicationRefusal =
  | { error: 'validation'; issues: FieldIssue[] }
  | { error: 'not_found'; message: string }
  /** The Idempotency-Key was used before, for a different application. */
  | { error: 'conflict'; message: string }
  /** The call is not open: it closed (more than the grace hour ago) or has not opened yet (410). */
  | { error: 'call_closed'; message: string }
  /** The form asks for a solved bot check and the request carried none, or one not good (400/403). */
  | { error: 'bot_check'; message: string }
  | FormChanged;

/** The 409 of an application answered under a form that has changed since. */
export const formChanged = (version: number): FormChanged => ({
  error: 'form_changed',
  message: defaultTexts.formChanged,
  version,
});

/** Whether an answer's body says the form has changed (and not any other 409). */
export function isFormChanged(body: unknown): body is FormChanged {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as Partial<FormChanged>).error === 'form_changed' &&
    typeof (body as Partial<FormChanged>).version === 'number'
  );
}

/** `GET /api/form/<pageId>`: a call's form served now, as the page carries it, and its version. */
export type PublishedForm = { version: number; config: WizardConfig };
