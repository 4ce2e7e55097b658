import type { NewApplication } from '../db/application-store.ts';
import { summaryOf } from './application-summary.ts';
import { filled } from './email-layout.ts';
import type { MessageSettings } from './message-settings.ts';
import { applicationReceivedWebhook } from './messages.ts';
import type { OutgoingMessage } from './outbox.ts';

/** The applicant's own page, where they see every application they sent. */
const myPagePath = '/me';

/**
 * The messages of a second application of one person to one call. Staff get no e-mail (the team
 * sees each person once, on the first application) and the applicant no receipt: an e-mail that
 * they have applied already, with the link to their own page. It goes only to the address the
 * application gave, so nobody else learns that the address applied. One such e-mail a day per
 * first application (its dedupe key), so sending the form again and again fills no inbox. The
 * webhook tells of it, naming the first.
 */
export function repeatApplicationMessages(
  application: NewApplication & { duplicateOf: string },
  settings: MessageSettings,
): OutgoingMessage[] {
  const summary = summaryOf(application.payload);
  const messages: OutgoingMessage[] = [];
  if (settings.isEmailOn && summary.email) {
    const myPageUrl = `${settings.publicOrigin}${myPagePath}`;
    messages.push({
      channel: 'email',
      purpose: 'already_applied',
      applicationId: application.id,
      recipient: summary.email,
      dedupeKey: `already_applied:${application.duplicateOf}:${application.receivedAt.slice(0, 10)}`,
      content: filled(
        settings.notifications.templates.alreadyApplied,
        {
          firstName: summary.firstName,
          name: summary.name,
          organisation: settings.organisation,
          callTitle: settings.callTitle,
          myPageUrl,
        },
        settings,
        myPageUrl,
      ),
    });
  }
  messages.push(...applicationReceivedWebhook(application, settings));
  return messages;
}
