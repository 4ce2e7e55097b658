import { sql } from 'kysely';
import type { Stage } from '#engine/stages.ts';
import type { Database } from '../db/database.ts';
import { reachCountsFrom, type ReachCounts } from '../reach/reach-counts.ts';
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

type Staged = { id: string; stage: Stage };

/** What an export reads of one application besides its own row: the team's work and the platforms' counts. */
export type ExportedWork = {
  work: TeamWork;
  reach: ReadonlyMap<string, ReachCounts>;
};

type WorkRow = {
  id: string;
  moved_at: string | null;
  tags: JsonColumn<string[]>;
  votes: JsonColumn<Array<[email: string, value: number]>>;
  notes: JsonColumn<
    Array<[id: string, author: string, at: string, body: string]>
  >;
  email: JsonColumn<
    [purpose: string, status: DecisionEmail['status'], sentAt: string | null]
  >;
  reach: JsonColumn<
    Array<
      [
        platform: string,
        stated: number | string,
        verified: number | string | null,
      ]
    >
  >;
};
// PostgreSQL's driver parses JSON as it arrives; SQLite's gives its text.
type JsonColumn<T> = T | string | null;
const parsed = <T>(column: JsonColumn<T>): T | null =>
  typeof column === 'string' ? (JSON.parse(column) as T) : column;

const none: ReadonlyMap<string, ReachCounts> = new Map();

/**
 * The team's work on many applications, and their platforms' counts, in one query: each kind of
 * work gathered per application through its own index into a JSON array, in the order a cell
 * lists it. Asked one query per kind, six a batch, an export of 100,000 on PostgreSQL took three
 * times as long, most of it in round trips. The stage comes with the applications, read in the same
 * row as their answers. There must be at least one application, as an empty list is no SQL.
 */
export async function teamWorkOf(
  { db, engine }: Database,
  applications: readonly Staged[],
): Promise<(application: Staged) => ExportedWork> {
  const [group, array] =
    engine === 'postgres'
      ? [sql.raw('json_agg'), sql.raw('json_build_array')]
      : [sql.raw('json_group_array'), sql.raw('json_array')];
  const ids = sql.join(applications.map((application) => application.id));
  const { rows } = await sql<WorkRow>`select a.id,
    (select max(m.at) from stage_moves m where m.application_id = a.id) as moved_at,
    (select ${group}(t.tag order by t.tag) from tags t where t.application_id = a.id) as tags,
    (select ${group}(${array}(s.email, v.value) order by s.email)
      from votes v join staff_accounts s on s.id = v.staff_id where v.application_id = a.id) as votes,
    (select ${group}(${array}(n.id, n.author, n.at, n.body) order by n.at, n.id)
      from notes n where n.application_id = a.id) as notes,
    (select ${array}(o.purpose, o.status, o.sent_at) from outbox o
      where o.application_id = a.id and o.channel = 'email'
        and o.purpose in ('decision_accepted', 'decision_declined')
      order by o.created_at desc, o.id desc limit 1) as email,
    (select ${group}(${array}(r.platform, r.stated, r.verified))
      from reach_checks r where r.application_id = a.id) as reach
    from applications a where a.id in (${ids})`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ({ id, stage }) => {
    const row = byId.get(id);
    // Erased since its batch was read: nothing of the team's is left.
    if (!row)
      return {
        work: {
          stage,
          stageMovedAt: null,
          tags: [],
          votes: [],
          notes: [],
          decisionEmail: null,
        },
        reach: none,
      };
    const email = parsed(row.email);
    return {
      work: {
        stage,
        stageMovedAt: row.moved_at,
        tags: parsed(row.tags) ?? [],
        votes: (parsed(row.votes) ?? []).map(([email, value]) => ({
          email,
          value: value > 0 ? 1 : -1,
        })),
        notes: (parsed(row.notes) ?? []).map(([id, author, at, body]) => ({
          id,
          author,
          at,
          body,
        })),
        decisionEmail: email && {
          stage: email[0].slice('decision_'.length),
          status: email[1],
          sentAt: email[2],
        },
      },
      reach: new Map(
        (parsed(row.reach) ?? []).map(([platform, stated, verified]) => [
          platform,
          reachCountsFrom(stated, verified),
        ]),
      ),
    };
  };
}
