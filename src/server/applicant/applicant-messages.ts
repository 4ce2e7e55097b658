import { applicationUrlOf } from '../notifications/application-summary.ts';
import {
  filled,
  mePageUrlOf,
  unsubscribable,
} from '../notifications/email-layout.ts';
import type { MessageSettings } from '../notifications/message-settings.ts';
import { staffRecipientsOf } from '../notifications/messages.ts';
import type { OutgoingMessage } from '../notifications/outbox.ts';

/** The e-mail with a single-use link to the applicant's own page, in the organisation's words. */
export function meLinkMessage(
  recipient: string,
  token: string,
  settings: MessageSettings,
): OutgoingMessage {
  const url = `${mePageUrlOf(settings.publicOrigin)}?token=${encodeURIComponent(token)}`;
  return {
    channel: 'email',
    purpose: 'me_link',
    applicationId: null,
    recipient,
    content: filled(
      settings.notifications.templates.meLink,
      { organisation: settings.organisation },
      settings,
      url,
    ),
  };
}

/** What staff read when an applicant withdraws: short, since the application says the rest. */
const withdrawnTemplate = {
  subject: '{name} withdrew from {callTitle}',
  body: '{name} withdrew their application to {callTitle} from their own page.\n\nThe application stays in the workspace, under Withdrawn:\n{applicationUrl}',
  button: 'Read the application',
};

/**
 * The e-mails to staff when an applicant withdraws, to whoever hears of a new application. Each
 * is made once per application and recipient, so a withdrawal that races another tells nobody twice.
 */
export function withdrawnMessages(
  application: { id: string; name: string },
  staff: ReadonlyArray<{ id: string; email: string }>,
  settings: MessageSettings,
): OutgoingMessage[] {
  if (!settings.isEmailOn) return [];
  const applicationUrl = applicationUrlOf(
    settings.publicOrigin,
    application.id,
  );
  const content = filled(
    withdrawnTemplate,
    {
      name: application.name,
      callTitle: settings.callTitle,
      applicationUrl,
    },
    settings,
    applicationUrl,
  );
  return [...staffRecipientsOf(staff, settings)].map(
    ([recipient, staffId]) => ({
      channel: 'email',
      purpose: 'withdrawn',
      applicationId: application.id,
      recipient,
      dedupeKey: `withdrawn:${application.id}:${recipient}`,
      content: unsubscribable(content, staffId, settings),
    }),
  );
}
