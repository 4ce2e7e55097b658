import { sql, type RawBuilder } from 'kysely';
import type { Stage } from '#engine/stages.ts';
import type { InboxFilters } from '#review-api/inbox.ts';
import type { Database } from './database.ts';
import {
  matchingApplications,
  otherFiltersOf,
  searchTableConditions,
} from './inbox-matching.ts';
import { fullTextQueryOf } from './search-text.ts';

/**
 * How many of the applications a search finds are ranked by how well they match: the newest so
 * many in the view (its stage and filters); older ones follow them, newest first. Ranking every
 * one a common word finds (a third of 100,000 applications) cost PostgreSQL 60 to 90 ms of
 * `ts_rank` alone; finding and ranking a thousand takes 2 to 6 ms. A thousand is twenty pages: a
 * search finding more is narrowed by typing more, and all it finds are ranked once they are fewer.
 */
export const rankedAtMost = 1000;

/**
 * PostgreSQL looks for the newest applications a search finds among the newest texts stored, this
 * many; a search finding fewer there (one in ten, in the view) is rare enough to read all it finds
 * through its GIN index instead. Left to the planner, a word it guessed common in a stage where it
 * was rare had it walk every row: 60 ms at 100,000.
 */
const walkedAtMost = 10 * rankedAtMost;

/** The score of an application found past the ranked ones: below any rank, so they come after. */
const unranked = -1;

/** Where a ranked page starts: the last row of the previous one, as `InboxCursor` holds it. */
export type RankedCursor = {
  receivedAt: string;
  id: string;
  score?: number;
  /** The search key of the oldest application ranked, as the first page found it. */
  rankedFrom?: number;
};

export type RankedRow = { id: string; score: number; rankedFrom: number };

type Ranked = {
  id: string;
  received_at: string;
  search_key: number | string;
  score: number;
};

type Window = {
  query: string;
  filters: InboxFilters;
  stage: Stage | undefined;
  rankedFrom: number | undefined;
};

const and = (conditions: Array<RawBuilder<boolean>>) =>
  sql.join(conditions, sql` and `);

/**
 * The view's conditions on PostgreSQL's `application_search`, but for its words: its own columns
 * answer the common filters; the others are asked of the applications' rows.
 */
function postgresViewOf(
  database: Database,
  { filters, stage, rankedFrom }: Omit<Window, 'query'>,
): Array<RawBuilder<boolean>> {
  const others = otherFiltersOf(filters);
  return [
    ...searchTableConditions('application_search', filters),
    ...(stage ? [sql<boolean>`application_search.stage = ${stage}`] : []),
    ...(others
      ? [
          sql<boolean>`application_search.application_id in ${matchingApplications(
            database,
            others,
          ).select('applications.id')}`,
        ]
      : []),
    ...(rankedFrom === undefined
      ? []
      : [sql<boolean>`application_search.search_key >= ${rankedFrom}`]),
  ];
}

const wordsOf = (query: string) =>
  sql<boolean>`search @@ to_tsquery('simple', ${query})`;

/**
 * The rows of a PostgreSQL query finding every application a search's words find, read through
 * the GIN index on the words. The planner prices matching a row's words as nearly free, so it read
 * every row of `application_search` to count a word one application in ten holds (40 ms at
 * 100,000) rather than the rows the index gives (17 ms), and did the same for a word half of them
 * hold (38 against 26 ms). A view with filters that table does not hold is left to the planner:
 * those read `applications` too, where scanning can be the best way.
 */
async function throughTheWords<Row>(
  database: Database,
  filters: InboxFilters,
  query: RawBuilder<Row>,
): Promise<Row[]> {
  if (otherFiltersOf(filters)) return (await query.execute(database.db)).rows;
  return database.db.transaction().execute(async (transaction) => {
    await sql`set local enable_seqscan = off`.execute(transaction);
    return (await query.execute(transaction)).rows;
  });
}

/**
 * PostgreSQL's ranked applications, scored by `ts_rank` as a double (so that the score a cursor
 * carries back compares equal to itself), for the rows found alone. A first page looks among the
 * newest texts (`walkedAtMost`), then, when they hold too few, reads every application found.
 */
async function postgresWindow(
  database: Database,
  window: Window,
): Promise<Ranked[]> {
  const { query, rankedFrom } = window;
  const view = postgresViewOf(database, window);
  const rankedColumns = sql`application_id as id, received_at, search_key,
        ts_rank(search, to_tsquery('simple', ${query}))::float8 as score`;
  const scored = (rows: RawBuilder<unknown>) =>
    sql<Ranked>`select ${rankedColumns} from ${rows} as ranked`.execute(
      database.db,
    );
  if (rankedFrom !== undefined)
    return (
      await scored(
        sql`(select * from application_search where ${and([wordsOf(query), ...view])})`,
      )
    ).rows;
  const newest = await scored(
    sql`(select * from (
        select * from application_search order by search_key desc limit ${walkedAtMost}
      ) as application_search
      where ${and([wordsOf(query), ...view])}
      order by search_key desc limit ${rankedAtMost})`,
  );
  if (newest.rows.length === rankedAtMost) return newest.rows;
  // Materialized, so that the planner reads the GIN index rather than walk the view in order.
  return throughTheWords(
    database,
    window.filters,
    sql<Ranked>`with found as materialized (
        select search_key from application_search where ${and([wordsOf(query), ...view])}
      )
      select ${rankedColumns}
      from application_search where search_key in
        (select search_key from found order by search_key desc limit ${rankedAtMost})`,
  );
}

const sqliteKey = sql<number>`application_search_index.rowid`;

/**
 * SQLite's applications in the view whose text holds the search's words: the full-text index
 * yields their row ids, each looked up in the index on `search_key`, which holds what a count, a
 * ranking and the common filters read. Joined rather than `search_key in (…)`, which first built
 * a list of every row id found (16 against 12 ms for a common word).
 */
const sqliteFound = (
  database: Database,
  query: string,
  filters: InboxFilters,
) =>
  matchingApplications(database, { ...filters, search: undefined })
    .innerJoin(
      sql<{ rowid: number }>`application_search_index`.as(
        'application_search_index',
      ),
      (join) => join.on(sql<boolean>`applications.search_key = ${sqliteKey}`),
    )
    .where(sql<boolean>`application_search_index match ${query}`);

/**
 * SQLite's ranked applications, scored by FTS5's `bm25` negated (it ranks the best lowest): the
 * index yields its row ids newest first and stops at the last one ranked; `bm25` is computed for
 * those alone.
 */
async function sqliteWindow(
  database: Database,
  { query, filters, stage, rankedFrom }: Window,
): Promise<Ranked[]> {
  return sqliteFound(database, query, filters)
    .$if(stage !== undefined, (inStage) =>
      inStage.where('applications.stage', '=', stage as Stage),
    )
    .$if(rankedFrom !== undefined, (later) =>
      later.where(sqliteKey, '>=', rankedFrom as number),
    )
    .select([
      'applications.id',
      'applications.received_at',
      sqliteKey.as('search_key'),
      sql<number>`-bm25(application_search_index)`.as('score'),
    ])
    .orderBy(sqliteKey, 'desc')
    .$if(rankedFrom === undefined, (first) => first.limit(rankedAtMost))
    .execute();
}

/** Best first, ties newest first: the order of a ranked page. */
function byRank(a: Ranked, b: Ranked) {
  if (a.score !== b.score) return b.score - a.score;
  if (a.received_at !== b.received_at)
    return a.received_at < b.received_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * A page of a search ranked by how well each application matches, among the newest it finds
 * (`rankedAtMost`), the best first; past those, the others it finds, newest first. `after` is the
 * previous page's last row. A first page finds the applications it ranks, and each row carries the
 * search key of the oldest of them, which the next cursor keeps: every later page ranks the same
 * ones (and any stored since), not the newest thousand of the moment, which would move one of those
 * already listed past the ranked ones, to be listed again. The ranked ones are a thousand or so,
 * sorted here.
 */
export async function rankedSearchPage(
  database: Database,
  options: {
    search: string;
    filters: InboxFilters;
    stage: Stage | undefined;
    after: RankedCursor | undefined;
    limit: number;
  },
): Promise<RankedRow[]> {
  const { search, filters, stage, after, limit } = options;
  const query = fullTextQueryOf(database.engine, search);
  if (query === null) return [];
  let rankedFrom = after?.rankedFrom;
  const isPastRanked =
    after !== undefined && (after.score ?? unranked) <= unranked;
  let page: RankedRow[] = [];
  let isEveryOneRanked = false;
  if (!isPastRanked) {
    const window = { query, filters, stage, rankedFrom };
    const ranked =
      database.engine === 'postgres'
        ? await postgresWindow(database, window)
        : await sqliteWindow(database, window);
    if (ranked.length === 0 && rankedFrom === undefined) return [];
    rankedFrom ??= ranked.reduce(
      (oldest, row) => Math.min(oldest, Number(row.search_key)),
      Infinity,
    );
    const from = rankedFrom;
    isEveryOneRanked = after === undefined && ranked.length < rankedAtMost;
    const inOrder = ranked
      .map((row) => ({ ...row, score: Number(row.score) }))
      .sort(byRank);
    // FTS5's bm25 weighs a word by how many applications hold it, so every score moves a little
    // as applications are stored: the page goes on from the previous one's last application as
    // ranked now, and from its score only when it is gone.
    const cursor = after && {
      id: after.id,
      received_at: after.receivedAt,
      search_key: 0,
      score: after.score ?? unranked,
    };
    const position = cursor
      ? inOrder.findIndex((row) => row.id === cursor.id)
      : -1;
    const next =
      position >= 0 || !cursor
        ? position + 1
        : inOrder.findIndex((row) => byRank(cursor, row) < 0);
    page = (next < 0 ? [] : inOrder.slice(next, next + limit)).map((row) => ({
      id: row.id,
      score: row.score,
      rankedFrom: from,
    }));
  }
  if (page.length === limit || isEveryOneRanked || rankedFrom === undefined)
    return page;
  const storedBefore = rankedFrom;
  const older = await matchingApplications(database, filters, storedBefore)
    .$if(stage !== undefined, (inStage) =>
      inStage.where('applications.stage', '=', stage as Stage),
    )
    .$if(isPastRanked, (next) =>
      next.where((where) =>
        where.or([
          where('applications.received_at', '<', after?.receivedAt ?? ''),
          where.and([
            where('applications.received_at', '=', after?.receivedAt ?? ''),
            where('applications.id', '<', after?.id ?? ''),
          ]),
        ]),
      ),
    )
    .select('applications.id')
    .orderBy('applications.received_at', 'desc')
    .orderBy('applications.id', 'desc')
    .limit(limit - page.length)
    .execute();
  return [
    ...page,
    ...older.map(({ id }) => ({
      id,
      score: unranked,
      rankedFrom: storedBefore,
    })),
  ];
}

/**
 * How many applications a word search finds in each stage. PostgreSQL counts in
 * `application_search`, whose rows are half the size of the applications': a common word's 38,000
 * applications took 25 ms there, against 75 to 110 ms in `applications`. SQLite counts from its
 * index on `search_key` (`sqliteFound`).
 */
export async function searchCountsByStage(
  database: Database,
  search: string,
  filters: InboxFilters,
): Promise<Array<{ stage: Stage; count: number | string }>> {
  const query = fullTextQueryOf(database.engine, search);
  if (query === null) return [];
  if (database.engine === 'sqlite')
    return sqliteFound(database, query, filters)
      .select([
        'applications.stage',
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .groupBy('applications.stage')
      .execute();
  return throughTheWords(
    database,
    filters,
    sql<{ stage: Stage; count: number | string }>`
      select stage, count(*) as count from application_search
      where ${and([wordsOf(query), ...postgresViewOf(database, { filters, stage: undefined, rankedFrom: undefined })])}
      group by stage`,
  );
}
