import type { Stage } from '#engine/stages.ts';
import { applicationUrlOf } from './application-summary.ts';
import type { MessageSettings } from './message-settings.ts';
import type { OutgoingMessage } from './outbox.ts';

/** The `application.stage_changed` webhook of a move, when a webhook is configured. */
export function stageChangedMessages(
  move: {
    applicationId: string;
    callSlug: string;
    at: string;
    actor: string;
    from: Stage;
    to: Stage;
  },
  settings: MessageSettings,
): OutgoingMessage[] {
  if (!settings.webhookUrl) return [];
  return [
    {
      channel: 'webhook',
      purpose: 'application.stage_changed',
      applicationId: move.applicationId,
      recipient: settings.webhookUrl,
      content: {
        type: 'application.stage_changed',
        timestamp: move.at,
        data: {
          id: move.applicationId,
          call: { slug: move.callSlug, title: settings.callTitle },
          from: move.from,
          to: move.to,
          at: move.at,
          by: move.actor,
          url: applicationUrlOf(settings.publicOrigin, move.applicationId),
        },
      },
    },
  ];
}
