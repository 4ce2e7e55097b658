import { randomUUID } from 'node:crypto';
import type { Stage } from '#engine/stages.ts';
import type { DecisionStage } from '#review-api/messages.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DatabaseSchema } from '../db/tables.ts';

export type Vote = { email: string; value: 1 | -1 };
export type Note = { id: string; author: string; at: string; body: string };
export type StageMove = { at: string; actor: string; from: Stage; to: Stage };

/** What the team has made of an application: its stage, votes, notes and the moves between stages. */
export type Review = {
  stage: Stage;
  /** The decision the applicant has been told: its e-mail delivered, or staff marked it told. */
  toldStage: Stage | null;
  tags: string[];
  votes: Vote[];
  notes: Note[];
  history: StageMove[];
};

// Bound values per statement stay far below SQLite's limit (32,766): a tag insert binds 2 per tag.
const bulkChunkSize = 500;

/** Items in runs of at most `size`, for statements that bind a value per item. */
export function* chunksOf<T>(
  items: readonly T[],
  size: number,
): Generator<T[]> {
  for (let start = 0; start < items.length; start += size)
    yield items.slice(start, start + size);
}

/** The team's decisions about applications; the applications themselves stay as they were sent. */
/** What else happens when applications move: written in the move's transaction, then told after. */
export type MoveHooks = {
  inTransaction?: (
    transaction: Kysely<DatabaseSchema>,
    moves: readonly AppliedMove[],
  ) => Promise<void>;
  afterCommit?: () => void;
};

/** A move as it was made, with the call of the application moved (for its messages and audit). */
export type AppliedMove = StageMove & {
  applicationId: string;
  callSlug: string;
};

/** The refusal of a staff action on an application its applicant withdrew. */
export const isWithdrawn = {
  error: 'withdrawn',
  message:
    'Its applicant withdrew this application, so it stays Withdrawn: only they could send it again.',
};

export function createReviewRepository(
  database: Database,
  now: () => Date = () => new Date(),
  hooks: MoveHooks = {},
) {
  const { db } = database;
  const afterCommit = <T>(result: T) => {
    hooks.afterCommit?.();
    return result;
  };
  /** Where an application is: its stage and its call. */
  const placeOf = (executor: Kysely<DatabaseSchema>, applicationId: string) =>
    executor
      .selectFrom('applications')
      .select(['stage', 'call_slug'])
      .where('id', '=', applicationId)
      .executeTakeFirst();

  /** A move, unless `isMovable` refuses the stage the application is in (answered instead). */
  const move = (
    applicationId: string,
    to: Stage,
    actor: string,
    isMovable: (from: Stage) => boolean,
  ): Promise<AppliedMove | 'withdrawn' | undefined> =>
    db
      .transaction()
      .execute(async (transaction) => {
        const application = await placeOf(transaction, applicationId);
        if (!application) return undefined;
        if (!isMovable(application.stage)) return 'withdrawn' as const;
        const made = {
          at: now().toISOString(),
          actor,
          from: application.stage,
          to,
        };
        await transaction
          .updateTable('applications')
          .set({ stage: to })
          .where('id', '=', applicationId)
          .execute();
        await transaction
          .insertInto('stage_moves')
          .values({
            id: randomUUID(),
            application_id: applicationId,
            at: made.at,
            actor,
            from_stage: made.from,
            to_stage: to,
          })
          .execute();
        const applied = {
          ...made,
          applicationId,
          callSlug: application.call_slug ?? '',
        };
        await hooks.inTransaction?.(transaction, [applied]);
        return applied;
      })
      .then(afterCommit);

  return {
    async review(applicationId: string): Promise<Review | undefined> {
      const application = await db
        .selectFrom('applications')
        .select(['stage', 'told_stage'])
        .where('id', '=', applicationId)
        .executeTakeFirst();
      if (!application) return undefined;
      const [tags, votes, notes, history] = await Promise.all([
        db
          .selectFrom('tags')
          .select('tag')
          .where('application_id', '=', applicationId)
          .orderBy('tag')
          .execute(),
        db
          .selectFrom('votes')
          .innerJoin('staff_accounts', 'staff_accounts.id', 'votes.staff_id')
          .select(['staff_accounts.email', 'votes.value'])
          .where('votes.application_id', '=', applicationId)
          .orderBy('staff_accounts.email')
          .execute(),
        db
          .selectFrom('notes')
          .select(['id', 'author', 'at', 'body'])
          .where('application_id', '=', applicationId)
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .execute(),
        db
          .selectFrom('stage_moves')
          .select(['at', 'actor', 'from_stage', 'to_stage'])
          .where('application_id', '=', applicationId)
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .execute(),
      ]);
      return {
        stage: application.stage,
        toldStage: application.told_stage,
        tags: tags.map((row) => row.tag),
        votes: votes.map((vote) => ({
          email: vote.email,
          value: vote.value > 0 ? 1 : -1,
        })),
        notes,
        history: history.map((move) => ({
          at: move.at,
          actor: move.actor,
          from: move.from_stage,
          to: move.to_stage,
        })),
      };
    },

    /** Moves an application and records who moved it from where; undefined when there is none. */
    moveStage: (
      applicationId: string,
      to: Stage,
      actor: string,
    ): Promise<AppliedMove | undefined> =>
      move(applicationId, to, actor, () => true) as Promise<
        AppliedMove | undefined
      >,

    /**
     * A move staff make: as `moveStage`, but an application its applicant withdrew stays where
     * they put it (`withdrawn`), however staff came to ask.
     */
    moveByStaff: (
      applicationId: string,
      to: Stage,
      actor: string,
    ): Promise<AppliedMove | 'withdrawn' | undefined> =>
      move(applicationId, to, actor, (from) => from !== 'withdrawn'),

    /**
     * Marks the decision an application is in as told to its applicant without an e-mail:
     * `undecided` when it is in no decision (accepted or declined).
     */
    async markTold(
      applicationId: string,
    ): Promise<
      { stage: DecisionStage; callSlug: string } | 'undecided' | undefined
    > {
      return db.transaction().execute(async (transaction) => {
        const application = await placeOf(transaction, applicationId);
        if (!application) return undefined;
        const { stage } = application;
        if (stage !== 'accepted' && stage !== 'declined') return 'undecided';
        await transaction
          .updateTable('applications')
          .set({ told_stage: stage })
          .where('id', '=', applicationId)
          .execute();
        return { stage, callSlug: application.call_slug ?? '' };
      });
    },

    /**
     * Moves several applications in one transaction, each move recorded as if made alone. Those
     * already in the stage, withdrawn by their applicant, or no longer there, are left out of the
     * moves returned. `alsoInTransaction` writes what else the action does (its e-mails, a bulk
     * job's progress) in the same transaction, after the moves.
     */
    async moveStages(
      applicationIds: readonly string[],
      to: Stage,
      actor: string,
      alsoInTransaction?: (
        transaction: Kysely<DatabaseSchema>,
        moves: readonly AppliedMove[],
      ) => Promise<void>,
    ): Promise<AppliedMove[]> {
      const at = now().toISOString();
      return db
        .transaction()
        .execute(async (transaction) => {
          const moves: AppliedMove[] = [];
          for (const ids of chunksOf(applicationIds, bulkChunkSize)) {
            const moving = await transaction
              .selectFrom('applications')
              .select(['id', 'stage', 'call_slug'])
              .where('id', 'in', ids)
              .where('stage', '<>', to)
              // Only its applicant moves a withdrawn application; staff's bulk moves pass it by.
              .where('stage', '<>', 'withdrawn')
              .execute();
            if (moving.length === 0) continue;
            await transaction
              .updateTable('applications')
              .set({ stage: to })
              .where(
                'id',
                'in',
                moving.map((application) => application.id),
              )
              .execute();
            await transaction
              .insertInto('stage_moves')
              .values(
                moving.map((application) => ({
                  id: randomUUID(),
                  application_id: application.id,
                  at,
                  actor,
                  from_stage: application.stage,
                  to_stage: to,
                })),
              )
              .execute();
            for (const application of moving)
              moves.push({
                applicationId: application.id,
                callSlug: application.call_slug ?? '',
                at,
                actor,
                from: application.stage,
                to,
              });
          }
          if (moves.length > 0) await hooks.inTransaction?.(transaction, moves);
          await alsoInTransaction?.(transaction, moves);
          return moves;
        })
        .then(afterCommit);
    },

    /** How many of the applications named their applicants withdrew. */
    async withdrawnAmong(applicationIds: readonly string[]): Promise<number> {
      let withdrawn = 0;
      for (const ids of chunksOf(applicationIds, bulkChunkSize)) {
        const row = await db
          .selectFrom('applications')
          .select((select) => select.fn.countAll<number | string>().as('count'))
          .where('id', 'in', ids)
          .where('stage', '=', 'withdrawn')
          .executeTakeFirst();
        withdrawn += Number(row?.count ?? 0);
      }
      return withdrawn;
    },

    /** One vote per staff member: a new one replaces theirs, 0 withdraws it. */
    async vote(
      applicationId: string,
      staffId: string,
      value: 1 | 0 | -1,
    ): Promise<boolean> {
      return db.transaction().execute(async (transaction) => {
        const application = await transaction
          .selectFrom('applications')
          .select('id')
          .where('id', '=', applicationId)
          .executeTakeFirst();
        if (!application) return false;
        await transaction
          .deleteFrom('votes')
          .where('application_id', '=', applicationId)
          .where('staff_id', '=', staffId)
          .execute();
        if (value !== 0)
          await transaction
            .insertInto('votes')
            .values({
              application_id: applicationId,
              staff_id: staffId,
              value,
              at: now().toISOString(),
            })
            .execute();
        return true;
      });
    },

    /** Adds tags to applications, or takes them off; ids no longer there are skipped. */
    async tag(
      applicationIds: readonly string[],
      change: { add?: readonly string[]; remove?: readonly string[] },
    ): Promise<number> {
      return db.transaction().execute(async (transaction) => {
        let tagged = 0;
        for (const chunk of chunksOf(applicationIds, bulkChunkSize)) {
          const present = await transaction
            .selectFrom('applications')
            .select('id')
            .where('id', 'in', chunk)
            .execute();
          const ids = present.map((row) => row.id);
          if (ids.length === 0) continue;
          tagged += ids.length;
          if (change.remove?.length)
            await transaction
              .deleteFrom('tags')
              .where('application_id', 'in', ids)
              .where('tag', 'in', change.remove)
              .execute();
          if (change.add?.length)
            await transaction
              .insertInto('tags')
              .values(
                ids.flatMap((id) =>
                  (change.add ?? []).map((tag) => ({
                    application_id: id,
                    tag,
                  })),
                ),
              )
              .onConflict((conflict) => conflict.doNothing())
              .execute();
        }
        return tagged;
      });
    },

    async addNote(
      applicationId: string,
      author: string,
      body: string,
    ): Promise<Note | undefined> {
      const application = await db
        .selectFrom('applications')
        .select('id')
        .where('id', '=', applicationId)
        .executeTakeFirst();
      if (!application) return undefined;
      const note = { id: randomUUID(), author, at: now().toISOString(), body };
      await db
        .insertInto('notes')
        .values({ ...note, application_id: applicationId })
        .execute();
      return note;
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
