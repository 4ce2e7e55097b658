import { countryNameOf } from '#engine/country-names.ts';
import { applicationUrlOf, wholeNumber } from './application-summary.ts';
import { filled, unsubscribable } from './email-layout.ts';
import type { MessageSettings } from './message-settings.ts';
import type { OutgoingMessage } from './outbox.ts';

/**
 * The daily digest for one staff member: the applications of the day before, one line each, under
 * the title of the call each was sent to (the calls in the order their first application came).
 */
export function digestMessage(
  recipient: { id: string; email: string },
  day: string,
  applications: ReadonlyArray<{
    id: string;
    name: string;
    countryCode: string | null;
    reach: number;
    call: { slug: string; title: string };
  }>,
  settings: MessageSettings,
): OutgoingMessage {
  const shown = applications.slice(0, maxDigestLines);
  const byCall = new Map<string, { title: string; lines: string[] }>();
  for (const application of shown) {
    const { slug, title } = application.call;
    const group = byCall.get(slug) ?? { title, lines: [] };
    group.lines.push(
      `- ${application.name} (${application.countryCode ? countryNameOf(application.countryCode) : 'country not given'}), reach ${wholeNumber.format(application.reach)}: ${applicationUrlOf(settings.publicOrigin, application.id)}`,
    );
    byCall.set(slug, group);
  }
  const calls = new Map(
    applications.map((application) => [
      application.call.slug,
      application.call.title,
    ]),
  );
  const list = [
    ...[...byCall.values()].map(
      (group) => `${group.title}:\n${group.lines.join('\n')}`,
    ),
    ...(applications.length > shown.length
      ? [`…and ${applications.length - shown.length} more.`]
      : []),
  ].join('\n\n');
  const workspaceUrl = `${settings.publicOrigin}/review`;
  return {
    channel: 'email',
    purpose: 'digest',
    applicationId: null,
    recipient: recipient.email,
    dedupeKey: `digest:${recipient.id}:${day}`,
    content: unsubscribable(
      filled(
        settings.notifications.templates.digest,
        {
          count: wholeNumber.format(applications.length),
          list,
          workspaceUrl,
          organisation: settings.organisation,
          callTitle: listed.format([...calls.values()]),
        },
        settings,
        workspaceUrl,
      ),
      recipient.id,
      settings,
    ),
  };
}

const listed = new Intl.ListFormat('en', { type: 'conjunction' });
const maxDigestLines = 200;
