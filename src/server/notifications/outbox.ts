import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DecisionStage } from '#review-api/messages.ts';
import type { Database } from '../db/database.ts';
import type {
  DatabaseSchema,
  OutboxChannel,
  OutboxLane,
  OutboxStatus,
} from '../db/tables.ts';

export type EmailContent = {
  subject: string;
  text: string;
  html: string;
  /** Headers of this e-mail beyond the usual, such as its one-click unsubscribe. */
  headers?: Record<string, string>;
};
/** A webhook's body: the Standard Webhooks shape, with the event's data. */
export type WebhookContent = {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
};

export type OutgoingMessage = {
  purpose: string;
  applicationId: string | null;
  /** Makes the message once only: a second one with the same key is not written. */
  dedupeKey?: string;
  /** `person` for what a staff member sent by hand, delivered first; `automatic` otherwise. */
  lane?: OutboxLane;
} & (
  | { channel: 'email'; recipient: string; content: EmailContent }
  | { channel: 'webhook'; recipient: string; content: WebhookContent }
);

export type ClaimedMessage = {
  id: string;
  attempts: number;
  purpose: string;
} & (
  | { channel: 'email'; recipient: string; content: EmailContent }
  | { channel: 'webhook'; recipient: string; content: WebhookContent }
);

/** What admins and the application view see of a message; never its body. */
export type MessageRecord = {
  id: string;
  channel: OutboxChannel;
  purpose: string;
  applicationId: string | null;
  recipient: string;
  subject: string | null;
  status: OutboxStatus;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  lastError: string | null;
};

export type RetryPolicy = {
  /** The wait after the first failure; it doubles after each. */
  firstDelayMs: number;
  /** No wait is longer than this. */
  longestDelayMs: number;
  /** After this long without success the message is marked failed. */
  giveUpAfterMs: number;
};

export const defaultRetryPolicy: RetryPolicy = {
  firstDelayMs: 5_000,
  longestDelayMs: 2 * 60 * 60 * 1000,
  giveUpAfterMs: 24 * 60 * 60 * 1000,
};

/**
 * The wait before the next try: exponential, capped, and spread by ±50 % ("full jitter" halved), so
 * messages that failed together do not all come back at the same moment.
 */
export function retryDelayMs(
  attempts: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(
    policy.firstDelayMs * 2 ** Math.max(attempts - 1, 0),
    policy.longestDelayMs,
  );
  return Math.round(exponential * (0.5 + random()));
}

const parse = <T>(text: string) => JSON.parse(text) as T;

/**
 * Of each claim, the part kept for automatic messages while any are due: person-sent ones go
 * first, but a long run of them (a decision e-mailed to thousands) never stops receipts and
 * webhooks altogether.
 */
const automaticShare = 1 / 4;

/**
 * The transactional outbox: messages are written with the event they tell of, in its transaction,
 * and claimed by a delivery worker. A claim is a lease: a worker that dies mid-send leaves the
 * message to be claimed again once the lease lapses, so delivery is at least once, and every
 * message keeps its id across tries for the receiver to recognise.
 */
export function createOutbox(
  database: Database,
  {
    now = () => new Date(),
    retry = defaultRetryPolicy,
  }: { now?: () => Date; retry?: RetryPolicy } = {},
) {
  const { db } = database;
  const toRecord = (row: {
    id: string;
    channel: OutboxChannel;
    purpose: string;
    application_id: string | null;
    recipient: string;
    content: string;
    status: OutboxStatus;
    attempts: number;
    created_at: string;
    sent_at: string | null;
    last_error: string | null;
  }): MessageRecord => ({
    id: row.id,
    channel: row.channel,
    purpose: row.purpose,
    applicationId: row.application_id,
    recipient: row.recipient,
    subject:
      row.channel === 'email' ? parse<EmailContent>(row.content).subject : null,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    lastError: row.last_error,
  });
  const recordColumns = [
    'id',
    'channel',
    'purpose',
    'application_id',
    'recipient',
    'content',
    'status',
    'attempts',
    'created_at',
    'sent_at',
    'last_error',
  ] as const;

  return {
    /** Writes messages within the caller's transaction (its own otherwise); returns how many were new. */
    async enqueue(
      messages: readonly OutgoingMessage[],
      executor: Kysely<DatabaseSchema> = db,
    ): Promise<number> {
      if (messages.length === 0) return 0;
      const at = now();
      const result = await executor
        .insertInto('outbox')
        .values(
          messages.map((message) => ({
            id: randomUUID(),
            channel: message.channel,
            purpose: message.purpose,
            application_id: message.applicationId,
            recipient: message.recipient,
            content: JSON.stringify(message.content),
            dedupe_key: message.dedupeKey ?? null,
            lane: message.lane ?? 'automatic',
            status: 'pending' as const,
            created_at: at.toISOString(),
            next_attempt_at: at.toISOString(),
            give_up_at: new Date(
              at.getTime() + retry.giveUpAfterMs,
            ).toISOString(),
            locked_until: null,
            sent_at: null,
            last_error: null,
          })),
        )
        .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    /**
     * Claims up to `limit` messages that are due, for `leaseMs`: person-sent ones first, oldest due
     * first within each lane, with a quarter of the claim kept for automatic ones while any are due
     * (and given back to the person's lane when none are). On PostgreSQL, processes claiming at
     * once skip each other's rows (FOR UPDATE SKIP LOCKED); SQLite has one writer at a time.
     */
    async claim(limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
      const at = now();
      const reserved = Math.floor(limit * automaticShare);
      const fromLane = async (
        lane: OutboxLane,
        count: number,
      ): Promise<ClaimedMessage[]> => {
        if (count <= 0) return [];
        const due = db
          .selectFrom('outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('lane', '=', lane)
          .where('next_attempt_at', '<=', at.toISOString())
          .where((where) =>
            where.or([
              where('locked_until', 'is', null),
              where('locked_until', '<=', at.toISOString()),
            ]),
          )
          .orderBy('next_attempt_at')
          .limit(count)
          .$if(database.engine === 'postgres', (query) =>
            query.forUpdate().skipLocked(),
          );
        const rows = await db
          .updateTable('outbox')
          .set((update) => ({
            locked_until: new Date(at.getTime() + leaseMs).toISOString(),
            attempts: update('attempts', '+', 1),
          }))
          .where('id', 'in', due)
          .returning([
            'id',
            'channel',
            'purpose',
            'recipient',
            'content',
            'attempts',
          ])
          .execute();
        return rows.map(
          (row) =>
            ({
              id: row.id,
              channel: row.channel,
              purpose: row.purpose,
              recipient: row.recipient,
              content: parse(row.content),
              attempts: row.attempts,
            }) as ClaimedMessage,
        );
      };
      const person = await fromLane('person', limit - reserved);
      const automatic = await fromLane('automatic', limit - person.length);
      // Fewer automatic ones than kept for them: the rest of the claim goes to people after all.
      const more =
        person.length === limit - reserved
          ? await fromLane('person', limit - person.length - automatic.length)
          : [];
      // Sent in this order: what a person sent reaches the mail server first.
      return [...person, ...more, ...automatic];
    },

    /**
     * Records a delivery. A decision's e-mail (`told`: the decision it tells) also marks its
     * application as told that decision, in the same transaction: the applicant's page shows a
     * decision only once its e-mail has reached them.
     */
    async markSent(id: string, told?: DecisionStage): Promise<void> {
      const sent = (executor: Kysely<DatabaseSchema>) =>
        executor
          .updateTable('outbox')
          .set({
            status: 'sent',
            sent_at: now().toISOString(),
            locked_until: null,
            last_error: null,
          })
          .where('id', '=', id);
      if (told === undefined) {
        await sent(db).execute();
        return;
      }
      await db.transaction().execute(async (transaction) => {
        const message = await sent(transaction)
          .returning('application_id')
          .executeTakeFirst();
        if (message?.application_id)
          await transaction
            .updateTable('applications')
            .set({ told_stage: told })
            .where('id', '=', message.application_id)
            .execute();
      });
    },

    /** After a failed try: another later, or failed for good once the time to give up has come. */
    async markFailedAttempt(
      message: Pick<ClaimedMessage, 'id' | 'attempts'>,
      error: string,
    ): Promise<'retrying' | 'failed'> {
      const at = now();
      const next = new Date(
        at.getTime() + retryDelayMs(message.attempts, retry),
      ).toISOString();
      const row = await db
        .selectFrom('outbox')
        .select('give_up_at')
        .where('id', '=', message.id)
        .executeTakeFirst();
      const outcome =
        !row || next > row.give_up_at
          ? ('failed' as const)
          : ('retrying' as const);
      await db
        .updateTable('outbox')
        .set({
          status: outcome === 'failed' ? 'failed' : 'pending',
          next_attempt_at: next,
          locked_until: null,
          last_error: error.slice(0, 500),
        })
        .where('id', '=', message.id)
        .execute();
      return outcome;
    },

    /** An admin's retry of a failed message: due now, with another day to succeed. */
    async retry(id: string): Promise<boolean> {
      const at = now();
      const result = await db
        .updateTable('outbox')
        .set({
          status: 'pending',
          next_attempt_at: at.toISOString(),
          give_up_at: new Date(
            at.getTime() + retry.giveUpAfterMs,
          ).toISOString(),
          locked_until: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        // Its text erased by retention, there is nothing left to send.
        .where('content_erased_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Messages that gave up, newest first, for admins. */
    async failed(limit = 200): Promise<MessageRecord[]> {
      const rows = await db
        .selectFrom('outbox')
        .select(recordColumns)
        .where('status', '=', 'failed')
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    /** The e-mails about one application, to show on it (webhooks are for machines). */
    async emailsAbout(applicationId: string): Promise<MessageRecord[]> {
      const rows = await db
        .selectFrom('outbox')
        .select(recordColumns)
        .where('application_id', '=', applicationId)
        .where('channel', '=', 'email')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toRecord);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
