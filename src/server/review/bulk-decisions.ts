import type { Kysely } from 'kysely';
import type { DecisionStage } from '#review-api/messages.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { DatabaseSchema } from '../db/tables.ts';
import {
  decisionDraft,
  decisionMessage,
  decisionPurpose,
} from '../notifications/decision-messages.ts';
import type { MessageSettings } from '../notifications/message-settings.ts';
import type { Messaging } from '../notifications/messaging.ts';
import { decisionTextFor } from '../notifications/notifications-in-language.ts';
import type { Template } from '../notifications/notification-config.ts';
import {
  chunksOf,
  type AppliedMove,
  type ReviewRepository,
} from './review-repository.ts';

// Bound values per statement stay far below SQLite's limit (32,766); an outbox row binds 15.
const chunkSize = 500;

/** Who of the applications named would get a decision's e-mail, in the order they were named. */
type Recipients = {
  /** How many of those named are there, their applicants' withdrawn ones aside. */
  applications: number;
  ids: string[];
  alreadySent: number;
  withoutAddress: number;
};

/**
 * A decision on several applications with one e-mail written for all of them: each application is
 * moved and sent its own copy, placeholders filled, in one transaction. An application that has
 * already been sent this decision's e-mail (its record is the e-mail in the outbox, as for one sent
 * alone) is not sent it again, so a decision repeated over a wider selection, or a request sent
 * twice, reaches nobody twice.
 */
export function createBulkDecisions({
  repository,
  reviews,
  messaging,
  db,
}: {
  repository: ApplicationsRepository;
  reviews: ReviewRepository;
  messaging: Messaging;
  db: Kysely<DatabaseSchema>;
}) {
  const { outbox, settings } = messaging;

  async function recipientsOf(
    ids: readonly string[],
    stage: DecisionStage,
    executor: Kysely<DatabaseSchema>,
  ): Promise<Recipients> {
    const found = new Map<string, { email: string; isSent: boolean }>();
    for (const chunk of chunksOf(ids, chunkSize)) {
      const rows = await executor
        .selectFrom('applications')
        .select((select) => [
          'applications.id',
          'applications.email',
          select
            .exists(
              select
                .selectFrom('outbox')
                .select('outbox.id')
                .whereRef('outbox.application_id', '=', 'applications.id')
                .where('outbox.purpose', '=', decisionPurpose(stage)),
            )
            .as('isSent'),
        ])
        .where('applications.id', 'in', chunk)
        // Withdrawn by its applicant: no decision reaches it, by move or by e-mail.
        .where('applications.stage', '<>', 'withdrawn')
        .execute();
      for (const row of rows)
        found.set(row.id, { email: row.email, isSent: Boolean(row.isSent) });
    }
    const recipients: Recipients = {
      applications: found.size,
      ids: [],
      alreadySent: 0,
      withoutAddress: 0,
    };
    for (const id of ids) {
      const application = found.get(id);
      if (!application) continue;
      if (application.isSent) recipients.alreadySent += 1;
      else if (!application.email) recipients.withoutAddress += 1;
      else recipients.ids.push(id);
    }
    return recipients;
  }

  return {
    /**
     * The e-mail configured in the first recipient's call (the default call's when there is none),
     * that recipient's values for its placeholders, and the counts.
     */
    async preview(ids: readonly string[], stage: DecisionStage) {
      const { ids: recipients, ...counts } = await recipientsOf(ids, stage, db);
      const first = recipients[0] && (await repository.get(recipients[0]));
      const callSettings = settings(first ? first.callSlug : undefined);
      const draft = first && decisionDraft(first.payload, stage, callSettings);
      return {
        ...callSettings.notifications.templates[stage],
        example: draft ? { to: draft.to, values: draft.values } : null,
        recipients: recipients.length,
        ...counts,
      };
    },

    /**
     * Moves them and writes each one's e-mail, all or nothing; the worker is woken after. Each
     * e-mail is filled in and signed off with its application's call's settings; `calls` are the
     * calls of those moved or e-mailed.
     */
    async send(
      ids: readonly string[],
      stage: DecisionStage,
      template: Pick<Template, 'subject' | 'body'>,
      actor: string,
    ): Promise<{ moves: AppliedMove[]; emailed: number; calls: string[] }> {
      let emailed = 0;
      // Each call's settings as they are at the first of its e-mails, for all of them.
      const taken = new Map<string, MessageSettings>();
      const settingsOf = (slug: string, language?: string) => {
        const key = `${slug} ${language ?? ''}`;
        const known = taken.get(key) ?? settings(slug, language);
        taken.set(key, known);
        return known;
      };
      const moves = await reviews.moveStages(
        ids,
        stage,
        actor,
        async (transaction) => {
          const recipients = await recipientsOf(ids, stage, transaction);
          for (const chunk of chunksOf(recipients.ids, chunkSize)) {
            const messages = (await repository.getMany(chunk, transaction))
              .map((application) =>
                decisionMessage(
                  application,
                  stage,
                  decisionTextFor(
                    template,
                    settingsOf(application.callSlug).notifications,
                    settingsOf(
                      application.callSlug,
                      application.payload.language,
                    ).notifications,
                    stage,
                  ),
                  settingsOf(
                    application.callSlug,
                    application.payload.language,
                  ),
                ),
              )
              .filter((message) => message !== null);
            emailed += await outbox.enqueue(messages, transaction);
          }
        },
      );
      const calls = new Set([
        ...[...taken.keys()].map((key) => key.split(' ')[0] as string),
        ...moves.map((move) => move.callSlug),
      ]);
      return { moves, emailed, calls: [...calls] };
    },
  };
}
