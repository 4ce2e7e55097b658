import {
  sql,
  type AliasedRawBuilder,
  type QueryExecutorProvider,
  type RawBuilder,
} from 'kysely';
import type { ApplicationPayload } from '#engine/payload.ts';
import { searchTermsOf, wordsOf } from '#review-api/search-words.ts';
import type { Engine } from './database.ts';

function textsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (value !== null && typeof value === 'object')
    return Object.values(value).flatMap(textsIn);
  return [];
}

/**
 * What an application is found by: every text the applicant wrote (names, e-mail, the platforms'
 * handles and links, every answer), not the hidden values an address carried.
 */
export function searchTextOf(payload: ApplicationPayload): string {
  return wordsOf(
    [
      ...textsIn(payload.personalInfo),
      ...textsIn(payload.platforms),
      ...payload.fields.map((field) => field.value),
    ].join(' '),
  ).join(' ');
}

/**
 * A search as the engine's full-text query: each term (`searchTermsOf`) must start a word of the
 * text, a term of several parts as a phrase whose last part is a prefix. The parts are letters and
 * digits only, so no quote or operator of either engine's query language can reach the query. Null
 * when the search has no term (only punctuation, or a literal search).
 */
function fullTextQueryOf(engine: Engine, search: string): string | null {
  const typed = searchTermsOf(search);
  if (typed.length === 0) return null;
  return engine === 'postgres'
    ? typed
        .map((parts) => `${parts.map((part) => `'${part}'`).join(' <-> ')}:*`)
        .join(' & ')
    : typed.map((parts) => `"${parts.join(' ')}"*`).join(' ');
}

/**
 * The words found are known by the index's row ids; their applications' ids are read from the
 * unique index on `application_id` (ids and row ids only, a few megabytes at 100,000), not from
 * the rows of `application_search`, which hold every text: a common word is in a third of the
 * applications, and looking each up in the texts took three times as long.
 */
const byApplicationId = sql`indexed by sqlite_autoindex_application_search_1`;

/** The applications whose text holds every word of the search (`fullTextQueryOf`); null when it has none. */
export function searchMatchOf(
  engine: Engine,
  search: string,
): RawBuilder<boolean> | null {
  const query = fullTextQueryOf(engine, search);
  if (query === null) return null;
  if (engine === 'postgres')
    return sql<boolean>`search @@ to_tsquery('simple', ${query})`;
  return sql<boolean>`id in (select application_id from application_search ${byApplicationId} where rowid in (select rowid from application_search_index where application_search_index match ${query}))`;
}

/**
 * How well each application found by a search matches it, higher first: FTS5's `bm25` (negated,
 * as FTS5 ranks the best lowest) and PostgreSQL's `ts_rank` (as a double, so a page's last score
 * read back into the next page's query is the same number). On SQLite `bm25` is known only while
 * the index is searched: `table` is that search, to join by application id, and it finds the
 * applications itself. On PostgreSQL the score is read from the row the search matched. Null when
 * the search has no words to rank by.
 */
export function searchRankingOf(
  engine: Engine,
  search: string,
): {
  score: RawBuilder<number>;
  table: AliasedRawBuilder<
    { application_id: string; score: number },
    'ranked'
  > | null;
} | null {
  const query = fullTextQueryOf(engine, search);
  if (query === null) return null;
  if (engine === 'postgres')
    return {
      score: sql<number>`ts_rank(search, to_tsquery('simple', ${query}))::float8`,
      table: null,
    };
  return {
    score: sql<number>`ranked.score`,
    table: sql<{
      application_id: string;
      score: number;
    }>`(with found as materialized (
        select rowid, -bm25(application_search_index) as score
        from application_search_index where application_search_index match ${query}
      )
      select application_search.application_id, found.score
      from application_search ${byApplicationId} join found on found.rowid = application_search.rowid)`.as(
      'ranked',
    ),
  };
}

/** The rows an engine keeps an application's text in, written in the transaction that stores it. */
export async function indexSearchText(
  db: QueryExecutorProvider,
  engine: Engine,
  rows: ReadonlyArray<{ id: string; text: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  if (engine === 'postgres') {
    for (const row of rows)
      await sql`update applications set search = to_tsvector('simple', ${row.text}) where id = ${row.id}`.execute(
        db,
      );
    return;
  }
  await sql`insert into application_search (application_id, body) values ${sql.join(
    rows.map((row) => sql`(${row.id}, ${row.text})`),
  )}`.execute(db);
}
