import type { Stage } from '#engine/stages.ts';
import type { Database } from '../db/database.ts';
import type { Note, Vote } from './review-repository.ts';

/** The last decision e-mail staff sent an application, and how far it got. */
export type DecisionEmail = {
  stage: string;
  status: 'pending' | 'sent' | 'failed';
  sentAt: string | null;
};

/** What the team has made of one application, as an export carries it. */
export type TeamWork = {
  stage: Stage;
  /** When it last moved between stages; null while it is where every application starts. */
  stageMovedAt: string | null;
  tags: string[];
  votes: Vote[];
  /** Oldest first, as they read in one cell. */
  notes: Note[];
  decisionEmail: DecisionEmail | null;
};

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

type Staged = { id: string; stage: Stage };

/**
 * The team's work on many applications at once, in one query per kind of work, so an export of
 * 100,000 reads it in a few hundred batches instead of one round trip per application and kind.
 * The stage comes with the applications, read in the same row as their answers. Gives the work of
 * each of those applications; there must be at least one, as PostgreSQL refuses an empty list.
 */
export async function teamWorkOf(
  { db }: Database,
  applications: readonly Staged[],
): Promise<(application: Staged) => TeamWork> {
  const ids = applications.map((application) => application.id);
  // One after another: together they would take five of PostgreSQL's pooled connections from the
  // requests that arrive meanwhile.
  const moves = await db
    .selectFrom('stage_moves')
    .select(['application_id', (eb) => eb.fn.max('at').as('at')])
    .where('application_id', 'in', ids)
    .groupBy('application_id')
    .execute();
  const tags = await db
    .selectFrom('tags')
    .select(['application_id', 'tag'])
    .where('application_id', 'in', ids)
    .orderBy('tag')
    .execute();
  const votes = await db
    .selectFrom('votes')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'votes.staff_id')
    .select(['votes.application_id', 'staff_accounts.email', 'votes.value'])
    .where('votes.application_id', 'in', ids)
    .orderBy('staff_accounts.email')
    .execute();
  const notes = await db
    .selectFrom('notes')
    .select(['application_id', 'id', 'author', 'at', 'body'])
    .where('application_id', 'in', ids)
    .orderBy('at')
    .orderBy('id')
    .execute();
  // Decision e-mails are the outbox's `decision_<stage>` messages; the newest one counts.
  const emails = await db
    .selectFrom('outbox')
    .select(['application_id', 'purpose', 'status', 'sent_at'])
    .where('application_id', 'in', ids)
    .where('channel', '=', 'email')
    .where('purpose', 'in', ['decision_accepted', 'decision_declined'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const movedAt = new Map(moves.map((move) => [move.application_id, move.at]));
  const tagsOf = new Map<string, string[]>();
  for (const row of tags) push(tagsOf, row.application_id, row.tag);
  const votesOf = new Map<string, Vote[]>();
  for (const row of votes)
    push(votesOf, row.application_id, {
      email: row.email,
      value: row.value > 0 ? 1 : -1,
    });
  const notesOf = new Map<string, Note[]>();
  for (const { application_id, ...note } of notes)
    push(notesOf, application_id, note);
  const emailOf = new Map<string, DecisionEmail>();
  for (const row of emails)
    if (row.application_id)
      emailOf.set(row.application_id, {
        stage: row.purpose.slice('decision_'.length),
        status: row.status,
        sentAt: row.sent_at,
      });
  return ({ id, stage }) => ({
    stage,
    stageMovedAt: movedAt.get(id) ?? null,
    tags: tagsOf.get(id) ?? [],
    votes: votesOf.get(id) ?? [],
    notes: notesOf.get(id) ?? [],
    decisionEmail: emailOf.get(id) ?? null,
  });
}
