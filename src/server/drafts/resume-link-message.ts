import { filled } from '../notifications/email-layout.ts';
import type { MessageSettings } from '../notifications/message-settings.ts';
import type { OutgoingMessage } from '../notifications/outbox.ts';

/** The address that opens a saved draft: the call's own page, which serves its form. */
export const resumeUrlOf = (
  publicOrigin: string,
  callSlug: string,
  token: string,
) =>
  `${publicOrigin}/apply/${encodeURIComponent(callSlug)}?resume=${encodeURIComponent(token)}`;

/**
 * The e-mail with the link that continues a saved application, in the lane of what people asked
 * for: the applicant is waiting for it, so it goes before the day's automatic messages.
 */
export function resumeLinkMessage(
  recipient: string,
  url: string,
  settings: MessageSettings,
): OutgoingMessage {
  return {
    channel: 'email',
    purpose: 'resume_link',
    lane: 'person',
    applicationId: null,
    recipient,
    content: filled(
      settings.notifications.templates.resumeLink,
      { organisation: settings.organisation, callTitle: settings.callTitle },
      settings,
      url,
    ),
  };
}
