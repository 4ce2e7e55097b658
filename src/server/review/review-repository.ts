import { randomUUID } from 'node:crypto';
import type { Stage } from '#engine/stages.ts';
import type { Database } from '../db/database.ts';

export type Vote = { email: string; value: 1 | -1 };
export type Note = { id: string; author: string; at: string; body: string };
export type StageMove = { at: string; actor: string; from: Stage; to: Stage };

/** What the team has made of an application: its stage, votes, notes and the moves between stages. */
export type Review = {
  stage: Stage;
  votes: Vote[];
  notes: Note[];
  history: StageMove[];
};

/** The team's decisions about applications; the applications themselves stay as they were sent. */
export function createReviewRepository(
  database: Database,
  now: () => Date = () => new Date(),
) {
  const { db } = database;
  return {
    async review(applicationId: string): Promise<Review | undefined> {
      const application = await db
        .selectFrom('applications')
        .select('stage')
        .where('id', '=', applicationId)
        .executeTakeFirst();
      if (!application) return undefined;
      const [votes, notes, history] = await Promise.all([
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
    async moveStage(
      applicationId: string,
      to: Stage,
      actor: string,
    ): Promise<StageMove | undefined> {
      return db.transaction().execute(async (transaction) => {
        const application = await transaction
          .selectFrom('applications')
          .select('stage')
          .where('id', '=', applicationId)
          .executeTakeFirst();
        if (!application) return undefined;
        const move = {
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
            at: move.at,
            actor,
            from_stage: move.from,
            to_stage: to,
          })
          .execute();
        return move;
      });
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
