import { sql, type Kysely } from 'kysely';
import { platformAnswersOf } from '#engine/payload.ts';
import { platformKeys } from '#engine/platforms.ts';
import type { ReachEntry, ReachStatus } from '#review-api/reach.ts';
import type { NewApplication } from '../db/application-store.ts';
import type { Database } from '../db/database.ts';
import type { DatabaseSchema } from '../db/tables.ts';
import {
  defaultRetryPolicy,
  retryDelayMs,
  type RetryPolicy,
} from '../notifications/outbox.ts';
import type { LookedUpPlatform } from './look-up.ts';
import { rejudgeByVerifiedCounts } from './reach-eligibility.ts';

/** The tables of migration 037, beside the schema the rest of the server knows. */
export type ReachTables = {
  reach_checks: {
    id: string;
    application_id: string;
    platform: string;
    handle: string;
    // PostgreSQL's bigint reaches JavaScript as text.
    stated: number | string;
    verified: number | string | null;
    engagement_rate: number | null;
    checked_at: string | null;
    status: ReachStatus;
    attempts: number;
    next_attempt_at: string;
    give_up_at: string;
    locked_until: string | null;
    last_error: string | null;
  };
  reach_pauses: { platform: string; until: string; reason: PauseReason };
  applications: { verified_reach: number | string | null };
};
type ReachDb = Kysely<DatabaseSchema & ReachTables>;

/** Why a platform's queue waits: its budget is spent, or the organisation's credential was refused. */
export type PauseReason = 'rate_limit' | 'credentials';

export type ClaimedCheck = {
  id: string;
  applicationId: string;
  platform: LookedUpPlatform;
  handle: string;
  attempts: number;
};

/** A look-up's last word on a handle. */
export type Settled =
  | { status: 'verified'; followers: number; engagementRate: number | null }
  | { status: 'not_found' | 'not_public' };

const idOf = (applicationId: string, platform: string) =>
  `${applicationId}/${platform}`;

/**
 * The look-ups' queue, on the outbox's pattern: one row per application and platform, claimed with
 * a lease (a process that dies mid-look-up leaves the row to be claimed again once it lapses),
 * retried with backoff, given up after the retry policy's time. A row is written with its
 * application, in the same transaction, and never asked on the submission's path.
 */
export function createReachQueue(
  database: Database,
  {
    configured,
    now = () => new Date(),
    retry = defaultRetryPolicy,
  }: {
    /** The platforms with credentials; the others' rows are written `unavailable`. */
    configured: ReadonlySet<LookedUpPlatform>;
    now?: () => Date;
    retry?: RetryPolicy;
  },
) {
  const db = database.db.withTables<ReachTables>() as unknown as ReachDb;
  const asked = (platform: string): platform is LookedUpPlatform =>
    configured.has(platform as LookedUpPlatform);

  /** Its application's sum of verified counts, kept with each change so the inbox can sort by it. */
  const sumVerified = (executor: ReachDb, applicationId: string) =>
    executor
      .updateTable('applications')
      .set({
        verified_reach: sql`(select sum(verified) from reach_checks where application_id = ${applicationId} and status = 'verified')`,
      })
      .where('id', '=', applicationId)
      .execute();

  /** A row to be asked afresh: due now, untried, with the retry policy's time to succeed. */
  const dueNow = () => {
    const at = now();
    return {
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: at.toISOString(),
      give_up_at: new Date(at.getTime() + retry.giveUpAfterMs).toISOString(),
      last_error: null,
    };
  };

  return {
    /** Writes the rows of newly stored applications, within their transaction. */
    async enqueue(
      transaction: Kysely<DatabaseSchema>,
      created: readonly Pick<NewApplication, 'id' | 'payload'>[],
    ): Promise<void> {
      const at = now();
      const rows = created.flatMap(({ id, payload }) =>
        platformAnswersOf(payload).map((answer) => ({
          id: idOf(id, answer.platform),
          application_id: id,
          platform: answer.platform,
          handle: answer.handle.slice(0, 200),
          stated: answer.followers,
          status: asked(answer.platform)
            ? ('pending' as const)
            : ('unavailable' as const),
          attempts: 0,
          next_attempt_at: at.toISOString(),
          give_up_at: new Date(
            at.getTime() + retry.giveUpAfterMs,
          ).toISOString(),
        })),
      );
      if (rows.length === 0) return;
      await (transaction.withTables<ReachTables>() as unknown as ReachDb)
        .insertInto('reach_checks')
        .values(rows)
        .execute();
    },

    /**
     * Claims up to `limit` due rows of the platforms named, oldest due first, for `leaseMs`. On
     * PostgreSQL, processes claiming at once skip each other's rows; SQLite has one writer.
     */
    async claim(
      platforms: readonly LookedUpPlatform[],
      limit: number,
      leaseMs: number,
    ): Promise<ClaimedCheck[]> {
      if (platforms.length === 0) return [];
      const at = now().toISOString();
      const due = db
        .selectFrom('reach_checks')
        .select('id')
        .where('status', '=', 'pending')
        .where('platform', 'in', platforms)
        .where('next_attempt_at', '<=', at)
        .where((where) =>
          where.or([
            where('locked_until', 'is', null),
            where('locked_until', '<=', at),
          ]),
        )
        .orderBy('next_attempt_at')
        .limit(limit)
        .$if(database.engine === 'postgres', (query) =>
          query.forUpdate().skipLocked(),
        );
      const rows = await db
        .updateTable('reach_checks')
        .set((update) => ({
          locked_until: new Date(Date.parse(at) + leaseMs).toISOString(),
          attempts: update('attempts', '+', 1),
        }))
        .where('id', 'in', due)
        .returning(['id', 'application_id', 'platform', 'handle', 'attempts'])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        applicationId: row.application_id,
        platform: row.platform as LookedUpPlatform,
        handle: row.handle,
        attempts: row.attempts,
      }));
    },

    /**
     * Records what the platforms said of a batch, each application's verified sum, and its
     * eligibility where its call counts followers, in one transaction: a commit per look-up would
     * make the disk, not the platform, the queue's pace.
     */
    async settle(
      outcomes: ReadonlyArray<{ check: ClaimedCheck; settled: Settled }>,
    ): Promise<void> {
      if (outcomes.length === 0) return;
      const at = now().toISOString();
      await db.transaction().execute(async (transaction) => {
        for (const { check, settled } of outcomes)
          await transaction
            .updateTable('reach_checks')
            .set({
              status: settled.status,
              verified:
                settled.status === 'verified' ? settled.followers : null,
              engagement_rate:
                settled.status === 'verified' ? settled.engagementRate : null,
              checked_at: at,
              locked_until: null,
              last_error: null,
            })
            .where('id', '=', check.id)
            .execute();
        const applicationIds = new Set(
          outcomes.map(({ check }) => check.applicationId),
        );
        for (const applicationId of applicationIds)
          await sumVerified(transaction, applicationId);
        await rejudgeByVerifiedCounts(
          transaction as unknown as Kysely<DatabaseSchema>,
          [...applicationIds],
        );
      });
    },

    /**
     * Gives a claimed row back uncharged and due as before (first in line again): its platform's
     * pause, not the row, decides when it is asked.
     */
    async release(check: ClaimedCheck): Promise<void> {
      await db
        .updateTable('reach_checks')
        .set((update) => ({
          attempts: update('attempts', '-', 1),
          locked_until: null,
        }))
        .where('id', '=', check.id)
        .execute();
    },

    /** After an error: another try later, or `failed` once the time to give up has come. */
    async markFailedAttempt(
      check: ClaimedCheck,
      reason: string,
    ): Promise<'retrying' | 'failed'> {
      const at = now();
      const next = new Date(
        at.getTime() + retryDelayMs(check.attempts, retry),
      ).toISOString();
      const row = await db
        .selectFrom('reach_checks')
        .select('give_up_at')
        .where('id', '=', check.id)
        .executeTakeFirst();
      const outcome = !row || next > row.give_up_at ? 'failed' : 'retrying';
      await db
        .updateTable('reach_checks')
        .set({
          status: outcome === 'failed' ? 'failed' : 'pending',
          next_attempt_at: next,
          locked_until: null,
          last_error: reason.slice(0, 200),
          ...(outcome === 'failed' && { checked_at: at.toISOString() }),
        })
        .where('id', '=', check.id)
        .execute();
      return outcome;
    },

    /** Makes a platform's queue wait until `until`, for every process sharing the database. */
    async pause(
      platform: LookedUpPlatform,
      until: Date,
      reason: PauseReason,
    ): Promise<void> {
      await db
        .insertInto('reach_pauses')
        .values({ platform, until: until.toISOString(), reason })
        .onConflict((conflict) =>
          conflict
            .column('platform')
            .doUpdateSet({ until: until.toISOString(), reason }),
        )
        .execute();
    },

    /** The platforms waiting now, with when each may ask again. */
    async pauses(): Promise<Map<LookedUpPlatform, Date>> {
      const rows = await db
        .selectFrom('reach_pauses')
        .select(['platform', 'until'])
        .where('until', '>', now().toISOString())
        .execute();
      return new Map(
        rows.map((row) => [
          row.platform as LookedUpPlatform,
          new Date(row.until),
        ]),
      );
    },

    /**
     * At start: a refused credential may have been replaced, so its pause ends; rows written while a
     * platform had no credentials, never checked, are queued now that it has.
     */
    async resume(): Promise<void> {
      await db
        .deleteFrom('reach_pauses')
        .where('reason', '=', 'credentials')
        .execute();
      if (configured.size === 0) return;
      await db
        .updateTable('reach_checks')
        .set(dueNow())
        .where('status', '=', 'unavailable')
        .where('checked_at', 'is', null)
        .where('platform', 'in', [...configured])
        .execute();
    },

    /**
     * "Check again": the application's rows on the platforms with credentials are due now, with a
     * day to succeed. Undefined when there is no such application.
     */
    async checkAgain(applicationId: string): Promise<ReachEntry[] | undefined> {
      const application = await db
        .selectFrom('applications')
        .select('id')
        .where('id', '=', applicationId)
        .executeTakeFirst();
      if (!application) return undefined;
      if (configured.size > 0) {
        const at = now();
        await db
          .updateTable('reach_checks')
          .set(dueNow())
          .where('application_id', '=', applicationId)
          .where('platform', 'in', [...configured])
          // A row being asked right now is left to its look-up, which answers soon.
          .where((where) =>
            where.or([
              where('locked_until', 'is', null),
              where('locked_until', '<=', at.toISOString()),
            ]),
          )
          .execute();
      }
      return reachOf(database, applicationId);
    },

    reachOf: (applicationId: string) => reachOf(database, applicationId),
  };
}

export type ReachQueue = ReturnType<typeof createReachQueue>;

/** What the application view shows: each platform's stated and verified numbers, in the form's order. */
export async function reachOf(
  database: Database,
  applicationId: string,
): Promise<ReachEntry[]> {
  const rows = await (
    database.db.withTables<ReachTables>() as unknown as ReachDb
  )
    .selectFrom('reach_checks')
    .select([
      'platform',
      'handle',
      'stated',
      'verified',
      'engagement_rate',
      'checked_at',
      'status',
    ])
    .where('application_id', '=', applicationId)
    .execute();
  const order = (platform: string) =>
    platformKeys.indexOf(platform as (typeof platformKeys)[number]);
  rows.sort((a, b) => order(a.platform) - order(b.platform));
  return rows.map((row) => ({
    platform: row.platform,
    handle: row.handle,
    stated: Number(row.stated),
    verified: row.verified === null ? null : Number(row.verified),
    engagementRate: row.engagement_rate,
    checkedAt: row.checked_at,
    status: row.status,
  }));
}
