import { platformNames } from '#engine/platforms.ts';
import type { NewApplication } from '../db/application-store.ts';
import {
  applicationUrlOf,
  summaryOf,
  wholeNumber,
} from './application-summary.ts';
import { filled, mePageLineOf, unsubscribable } from './email-layout.ts';
import type { MessageSettings } from './message-settings.ts';
import type { OutgoingMessage } from './outbox.ts';

/**
 * Who hears of a new application (and of one withdrawn): each staff member who wants every one, and
 * the configuration's shared inboxes, each address with its account's id. An account's address
 * may also be a shared inbox: one e-mail, and the account's unsubscribe link on it. A shared inbox
 * has none: the configuration names it.
 */
export function staffRecipientsOf(
  staff: ReadonlyArray<{ id: string; email: string }>,
  settings: MessageSettings,
): Map<string, string | undefined> {
  const recipients = new Map<string, string | undefined>();
  for (const email of settings.notifications.staffEmails)
    recipients.set(email.toLowerCase(), undefined);
  for (const member of staff)
    recipients.set(member.email.toLowerCase(), member.id);
  return recipients;
}

/**
 * The messages a new application sets off: an e-mail to each staff member who wants one and to
 * the configured shared inboxes, the applicant's receipt when the configuration asks for it (in
 * the applicant's language: `applicantSettings`), and the `application.received` webhook.
 */
export function newApplicationMessages(
  application: NewApplication,
  staff: ReadonlyArray<{ id: string; email: string }>,
  settings: MessageSettings,
  applicantSettings: MessageSettings = settings,
): OutgoingMessage[] {
  const summary = summaryOf(application.payload);
  const applicationUrl = applicationUrlOf(
    settings.publicOrigin,
    application.id,
  );
  const messages: OutgoingMessage[] = [];
  const { notifications } = settings;
  if (settings.isEmailOn) {
    const staffText = filled(
      notifications.templates.newApplication,
      {
        name: summary.name,
        country: summary.country,
        platforms:
          summary.platforms
            .map(
              (platform) =>
                `${platformNames[platform.platform]} ${wholeNumber.format(platform.followers)}`,
            )
            .join(', ') || 'none given',
        reach: wholeNumber.format(summary.reach),
        applicationUrl,
        organisation: settings.organisation,
        callTitle: settings.callTitle,
      },
      settings,
      applicationUrl,
    );
    for (const [recipient, staffId] of staffRecipientsOf(staff, settings))
      messages.push({
        channel: 'email',
        purpose: 'new_application',
        applicationId: application.id,
        recipient,
        content: unsubscribable(staffText, staffId, settings),
      });
    if (notifications.confirmApplicant && summary.email)
      messages.push({
        channel: 'email',
        purpose: 'receipt',
        applicationId: application.id,
        recipient: summary.email,
        content: filled(
          applicantSettings.notifications.templates.receipt,
          {
            firstName: summary.firstName,
            name: summary.name,
            organisation: applicantSettings.organisation,
            callTitle: applicantSettings.callTitle,
          },
          applicantSettings,
          applicantSettings.signInUrl,
          mePageLineOf(applicantSettings),
        ),
      });
  }
  messages.push(...applicationReceivedWebhook(application, settings));
  return messages;
}

/**
 * The `application.received` webhook, when a webhook is configured. `duplicateOf` names the same
 * person's first application to the call when this is a second one (null otherwise), so a system
 * that mirrors the applications keeps every stored row and can still count each person once;
 * `hidden` the values of the form's hidden fields it came with, by name (empty without any).
 */
export function applicationReceivedWebhook(
  application: NewApplication,
  settings: MessageSettings,
): OutgoingMessage[] {
  if (!settings.webhookUrl) return [];
  const summary = summaryOf(application.payload);
  return [
    {
      channel: 'webhook',
      purpose: 'application.received',
      applicationId: application.id,
      recipient: settings.webhookUrl,
      content: {
        type: 'application.received',
        timestamp: application.receivedAt,
        data: {
          id: application.id,
          pageId: application.pageId,
          call: { slug: application.callSlug, title: settings.callTitle },
          receivedAt: application.receivedAt,
          name: summary.name,
          countryCode: summary.countryCode,
          platforms: summary.platforms.map((platform) => ({
            platform: platform.platform,
            followers: platform.followers,
          })),
          reach: summary.reach,
          stage: 'new',
          duplicateOf: application.duplicateOf ?? null,
          // Which partner's link (`ref`) or page it came from, so a mirroring system attributes it too.
          hidden: application.payload.hidden ?? {},
          url: applicationUrlOf(settings.publicOrigin, application.id),
        },
      },
    },
  ];
}
