import type { ApplicationPayload } from '#engine/payload.ts';
import { interpolate } from '#engine/texts.ts';
import { decisionStages } from '#review-api/common.ts';
import type { DecisionStage, DecisionValues } from '#review-api/messages.ts';
import { summaryOf } from './application-summary.ts';
import { emailContent, mePageLineOf } from './email-layout.ts';
import type { MessageSettings } from './message-settings.ts';
import type { Template } from './notification-config.ts';
import type { EmailContent, OutgoingMessage } from './outbox.ts';

/**
 * The decision e-mail to one applicant, its placeholders filled: the configured text unless staff
 * wrote their own. `to` is empty when the application has no address; `values` are what the
 * placeholders stood for.
 */
export function decisionDraft(
  payload: ApplicationPayload,
  stage: DecisionStage,
  settings: MessageSettings,
  written: WrittenText = settings.notifications.templates[stage],
): { to: string; subject: string; body: string; values: DecisionValues } {
  const summary = summaryOf(payload);
  const values = {
    firstName: summary.firstName,
    name: summary.name,
    organisation: settings.organisation,
    callTitle: settings.callTitle,
  };
  return {
    to: summary.email,
    subject: interpolate(written.subject, values),
    body: interpolate(written.body, values),
    values,
  };
}

/** What staff may rewrite of a decision e-mail; its button stays the configured template's. */
type WrittenText = Pick<Template, 'subject' | 'body'>;

/**
 * A decision e-mail as the outbox keeps it: in the lane of what people send, so it goes before
 * the receipts and webhooks of a busy day; null without an address to send it to.
 */
export function decisionMessage(
  application: { id: string; payload: ApplicationPayload },
  stage: DecisionStage,
  written: WrittenText,
  settings: MessageSettings,
): OutgoingMessage | null {
  const draft = decisionDraft(application.payload, stage, settings, written);
  if (!draft.to) return null;
  return {
    channel: 'email',
    purpose: decisionPurpose(stage),
    lane: 'person',
    applicationId: application.id,
    recipient: draft.to,
    content: decisionEmail(draft, stage, settings),
  };
}

/** How the outbox names a decision's e-mail, and how an application's record of it is found. */
export const decisionPurpose = (stage: DecisionStage) =>
  `decision_${stage}` as const;

/** The decision an outbox message tells its applicant, when it is a decision's e-mail. */
export const decisionOfPurpose = (purpose: string): DecisionStage | undefined =>
  decisionStages.find((stage) => decisionPurpose(stage) === purpose);

/** A decision e-mail as staff wrote it, with its template's button to the creator sign-up page. */
export function decisionEmail(
  written: { subject: string; body: string },
  stage: DecisionStage,
  settings: MessageSettings,
): EmailContent {
  return emailContent(
    written.subject,
    written.body + mePageLineOf(settings),
    settings,
    {
      label: interpolate(settings.notifications.templates[stage].button, {
        organisation: settings.organisation,
        callTitle: settings.callTitle,
      }),
      url: settings.signInUrl,
    },
  );
}
