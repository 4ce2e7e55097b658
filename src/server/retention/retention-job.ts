import type { FastifyBaseLogger } from 'fastify';
import { stageLabels, stages } from '#engine/stages.ts';
import { deleteExpiredAccess } from '../applicant/applicant-access.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { Database } from '../db/database.ts';
import { eraseExpiredDrafts } from '../drafts/draft-store.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import {
  cutoffOf,
  describePeriod,
  type RetentionPolicy,
} from './retention-config.ts';

/** How often each process looks whether today's run has happened; the run itself is once a day. */
const checkEveryMs = 15 * 60 * 1000;
/** A run's claim; a process that dies mid-run leaves the run to another after this. */
const leaseMs = 30 * 60 * 1000;
/** Ids read per query: the erasure goes in statements of this many. */
const batchSize = 500;

/** A message's text once erased: the record of the message shows no subject. */
const erasedContent = JSON.stringify({ subject: null });

export type RetentionRun = {
  /** Applications erased, by the stage they were in. */
  applications: Partial<Record<(typeof stages)[number], number>>;
  /** Messages whose text was erased. */
  messageTexts: number;
  /** Answers saved to finish later whose 30 days were over. */
  drafts: number;
};

/**
 * Erases what the retention policy says is due: applications that have been in their stage
 * longer than the stage keeps them (from their last move, or their arrival if never moved), and
 * the texts of messages sent (or given up on) longer ago than texts are kept, the applicants'
 * sign-in links and sessions that have ended, and saved drafts past their 30 days. Once a day, in
 * whichever server process claims the day first; one audit entry per run, with the count.
 */
export function createRetentionJob({
  database,
  repository,
  audit,
  policy,
  now = () => new Date(),
}: {
  database: Database;
  repository: ApplicationsRepository;
  audit: AuditLog;
  /** The policy of the form being served, read afresh at each run. */
  policy: () => RetentionPolicy;
  now?: () => Date;
}) {
  const { db } = database;

  /** The applications of `stage` that entered it before `cutoff`, a batch at a time. */
  async function dueApplications(
    stage: (typeof stages)[number],
    cutoff: string,
  ): Promise<string[]> {
    const rows = await db
      .selectFrom('applications')
      .select('applications.id')
      .where('applications.stage', '=', stage)
      .where(
        (where) =>
          where.fn.coalesce(
            where
              .selectFrom('stage_moves')
              .select((select) => select.fn.max('stage_moves.at').as('at'))
              .whereRef('stage_moves.application_id', '=', 'applications.id'),
            where.ref('applications.received_at'),
          ),
        '<',
        cutoff,
      )
      .limit(batchSize)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Erases everything due now; returns what it erased. */
  async function eraseDue(policy: RetentionPolicy): Promise<RetentionRun> {
    const at = now();
    const run: RetentionRun = {
      applications: {},
      messageTexts: 0,
      drafts: await eraseExpiredDrafts(database, at),
    };
    for (const stage of stages) {
      const period = policy.applications[stage];
      if (!period) continue;
      const cutoff = cutoffOf(period, at).toISOString();
      let erased = 0;
      for (;;) {
        const ids = await dueApplications(stage, cutoff);
        if (ids.length === 0) break;
        erased += (await repository.eraseMany(ids)).erased;
        if (ids.length < batchSize) break;
      }
      if (erased > 0) run.applications[stage] = erased;
    }
    const messagesBefore = cutoffOf(policy.sentMessages, at).toISOString();
    for (;;) {
      const due = db
        .selectFrom('outbox')
        .select('id')
        .where('content_erased_at', 'is', null)
        .where((where) =>
          where.or([
            where.and([
              where('status', '=', 'sent'),
              where('sent_at', '<', messagesBefore),
            ]),
            where.and([
              where('status', '=', 'failed'),
              where('created_at', '<', messagesBefore),
            ]),
          ]),
        )
        .limit(batchSize);
      const result = await db
        .updateTable('outbox')
        .set({ content: erasedContent, content_erased_at: at.toISOString() })
        .where('id', 'in', due)
        .executeTakeFirst();
      const erased = Number(result.numUpdatedRows);
      run.messageTexts += erased;
      if (erased < batchSize) break;
    }
    await deleteExpiredAccess(database, at);
    // The texts were overwritten in place; on SQLite their old bytes leave the files as an
    // erased application's do.
    if (run.messageTexts > 0) await database.scrubAfterErase();
    return run;
  }

  /**
   * Runs once per UTC day: the process whose claim of the day's row succeeds runs it; the others
   * find the day done or claimed. One UPDATE decides, on SQLite and PostgreSQL alike.
   */
  async function runIfDue(): Promise<RetentionRun | null> {
    const at = now();
    const day = at.toISOString().slice(0, 10);
    const claim = await db
      .updateTable('daily_jobs')
      .set({ locked_until: new Date(at.getTime() + leaseMs).toISOString() })
      .where('name', '=', 'retention')
      .where((where) =>
        where.or([where('last_day', 'is', null), where('last_day', '<', day)]),
      )
      .where((where) =>
        where.or([
          where('locked_until', 'is', null),
          where('locked_until', '<', at.toISOString()),
        ]),
      )
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return null;
    let run: RetentionRun;
    const policyNow = policy();
    try {
      run = await eraseDue(policyNow);
    } catch (error) {
      // Let the next look (of any process) try again rather than wait out the lease.
      await db
        .updateTable('daily_jobs')
        .set({ locked_until: null })
        .where('name', '=', 'retention')
        .execute();
      throw error;
    }
    const total = Object.values(run.applications).reduce(
      (sum, count) => sum + count,
      0,
    );
    await audit.record({
      actor: null,
      action: 'retention_erased',
      subject: null,
      address: null,
      count: total,
      detail: describeRun(run, policyNow),
    });
    await db
      .updateTable('daily_jobs')
      .set({ last_day: day, locked_until: null })
      .where('name', '=', 'retention')
      .execute();
    return run;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  return {
    runIfDue,
    start(log: FastifyBaseLogger) {
      const look = () => {
        running ??= runIfDue()
          .then(
            (run) => {
              if (run) log.info(run, 'retention: erased what was due');
            },
            (error: unknown) =>
              log.error({ err: error }, 'retention: cannot erase what is due'),
          )
          .finally(() => {
            running = undefined;
          });
      };
      look();
      timer = setInterval(look, checkEveryMs);
      timer.unref();
    },
    /** Stops looking, and lets a run under way finish before the database closes. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** The audit's words for a run: what each rule erased, with the rule. */
function describeRun(run: RetentionRun, policy: RetentionPolicy): string {
  const parts = stages.flatMap((stage) => {
    const period = policy.applications[stage];
    return period
      ? [
          `${stageLabels[stage]} after ${describePeriod(period)}: ${run.applications[stage] ?? 0}`,
        ]
      : [];
  });
  return [
    ...parts,
    `message texts after ${describePeriod(policy.sentMessages)}: ${run.messageTexts}`,
    `saved drafts after 30 days: ${run.drafts}`,
  ].join('; ');
}
