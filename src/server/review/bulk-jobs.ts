import { randomUUID } from 'node:crypto';
import type { StaffStage } from '#engine/stages.ts';
import type { BulkJob } from '#review-api/application.ts';
import type { InboxView } from '#review-api/inbox.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { Database } from '../db/database.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { describeChoice, type CallTitle } from './audit-details.ts';
import { selectionOf } from './chosen-applications.ts';
import type { ReviewRepository } from './review-repository.ts';

// As many as one bulk move of chosen applications takes: a chunk's transaction stays short, so
// submissions and other staff keep being answered while a job of 100,000 runs.
const defaultChunkSize = 500;

type JobRow = {
  id: string;
  actor: string;
  address: string | null;
  stage: string;
  view: string;
  total: number;
  done: number;
  moved: number;
  withdrawn: number;
  calls: string;
  after_received_at: string | null;
  after_id: string | null;
  state: BulkJob['state'];
  error: string | null;
  started_at: string;
};

const jobOf = (row: JobRow): BulkJob => ({
  id: row.id,
  stage: row.stage as StaffStage,
  total: Number(row.total),
  done: Number(row.done),
  moved: Number(row.moved),
  withdrawn: Number(row.withdrawn),
  state: row.state,
  error: row.error,
  startedAt: row.started_at,
});

/** The job's progress moved on in another process since this one read it. */
class TakenElsewhere extends Error {}

/**
 * Moves of every application in a view, as one job each: worked a chunk at a time in the
 * server, each chunk's moves and the job's progress in one transaction, so a restart takes the
 * job up after the last chunk that was written and moves nobody twice. Each move is made and
 * told (its webhook) as a bulk move of chosen applications makes it; one audit entry records
 * the whole job when it ends.
 */
export function createBulkJobs({
  database,
  repository,
  reviews,
  audit,
  callTitle,
  chunkSize = defaultChunkSize,
  now = () => new Date(),
  onChunk,
}: {
  database: Database;
  repository: ApplicationsRepository;
  reviews: ReviewRepository;
  audit: AuditLog;
  callTitle: CallTitle;
  chunkSize?: number;
  now?: () => Date;
  /** Called after each chunk is written; tests stop a job midway with it. */
  onChunk?: (job: BulkJob) => void;
}) {
  const { db } = database;
  const working = new Map<string, Promise<void>>();
  let isClosing = false;

  const rowOf = (id: string) =>
    db
      .selectFrom('bulk_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst() as Promise<JobRow | undefined>;

  /** One chunk: its moves and the job's progress together. False once nothing is left. */
  async function workChunk(job: JobRow): Promise<boolean> {
    const view = JSON.parse(job.view) as InboxView;
    const after =
      job.after_received_at !== null && job.after_id !== null
        ? { receivedAt: job.after_received_at, id: job.after_id }
        : null;
    const chunk = await repository.idsAfter(
      selectionOf(view),
      after,
      job.started_at,
      chunkSize,
    );
    const last = chunk.at(-1);
    if (!last) return false;
    const ids = chunk.map((application) => application.id);
    const withdrawn = await reviews.withdrawnAmong(ids);
    let next: JobRow = job;
    await reviews.moveStages(
      ids,
      job.stage as StaffStage,
      job.actor,
      async (transaction, moves) => {
        const calls = new Set([
          ...(JSON.parse(job.calls) as string[]),
          ...moves.map((move) => move.callSlug),
        ]);
        next = {
          ...job,
          done: Number(job.done) + chunk.length,
          moved: Number(job.moved) + moves.length,
          withdrawn: Number(job.withdrawn) + withdrawn,
          calls: JSON.stringify([...calls]),
          after_received_at: last.receivedAt,
          after_id: last.id,
        };
        const advanced = await transaction
          .updateTable('bulk_jobs')
          .set({
            done: next.done,
            moved: next.moved,
            withdrawn: next.withdrawn,
            calls: next.calls,
            after_received_at: next.after_received_at,
            after_id: next.after_id,
            updated_at: now().toISOString(),
          })
          .where('id', '=', job.id)
          .where('state', '=', 'running')
          .where('done', '=', Number(job.done))
          .executeTakeFirst();
        // Another process took the job up (a restart beside a live one, on one PostgreSQL): the
        // chunk's moves are undone with this transaction, and that process goes on alone.
        if (Number(advanced.numUpdatedRows) === 0) throw new TakenElsewhere();
      },
    );
    Object.assign(job, next);
    return chunk.length === chunkSize;
  }

  /**
   * Ends a job once: only the first to mark it ended records it in the audit log, in the same
   * transaction, so whoever sees the job ended finds its entry.
   */
  async function finish(job: JobRow, error: string | null) {
    await db.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable('bulk_jobs')
        .set({
          state: error === null ? 'done' : 'failed',
          error,
          updated_at: now().toISOString(),
        })
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) === 0 || job.moved === 0) return;
      const view = JSON.parse(job.view) as InboxView;
      await audit.record(
        {
          actor: job.actor,
          action: 'stages_moved',
          subject: null,
          address: job.address,
          count: Number(job.moved),
          detail: `→ ${job.stage}; ${describeChoice(
            { view, selected: Number(job.total) },
            JSON.parse(job.calls) as string[],
            callTitle,
          )}${error === null ? '' : `; stopped: ${error}`}`,
        },
        trx,
      );
    });
  }

  async function work(job: JobRow) {
    try {
      for (;;) {
        if (isClosing) return;
        const hasMore = await workChunk(job);
        onChunk?.(jobOf(job));
        if (!hasMore) break;
        // Whatever else waits (a submission, another staff member's page) goes before the next chunk.
        await new Promise(setImmediate);
      }
      if (!isClosing) await finish(job, null);
    } catch (error) {
      if (isClosing || error instanceof TakenElsewhere) return;
      await finish(
        job,
        error instanceof Error ? error.message.slice(0, 400) : 'failed',
      ).catch(() => undefined);
    }
  }

  function run(job: JobRow) {
    if (working.has(job.id)) return;
    working.set(
      job.id,
      work(job).finally(() => working.delete(job.id)),
    );
  }

  return {
    /** Begins a job moving every application in `view` received until now to `stage`. */
    async start({
      view,
      stage,
      total,
      actor,
      address,
    }: {
      view: InboxView;
      stage: StaffStage;
      total: number;
      actor: string;
      address: string | null;
    }): Promise<BulkJob> {
      const at = now().toISOString();
      const row: JobRow = {
        id: randomUUID(),
        actor,
        address,
        stage,
        view: JSON.stringify(view),
        total,
        done: 0,
        moved: 0,
        withdrawn: 0,
        calls: '[]',
        after_received_at: null,
        after_id: null,
        state: 'running',
        error: null,
        started_at: at,
      };
      await db
        .insertInto('bulk_jobs')
        .values({ ...row, stage, updated_at: at })
        .execute();
      run({ ...row });
      return jobOf(row);
    },

    async read(id: string): Promise<BulkJob | undefined> {
      const row = await rowOf(id);
      return row && jobOf(row);
    },

    /** Takes up every job a stopped server left running. */
    async resume(): Promise<void> {
      const rows = (await db
        .selectFrom('bulk_jobs')
        .selectAll()
        .where('state', '=', 'running')
        .execute()) as JobRow[];
      for (const row of rows) run(row);
    },

    /** Resolves when every job this server is working has stopped. */
    async settled(): Promise<void> {
      while (working.size > 0) await Promise.all(working.values());
    },

    /** Stops after each job's current chunk; a later `resume` takes them up from there. */
    async close(): Promise<void> {
      isClosing = true;
      await Promise.all(working.values());
    },
  };
}
