import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
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
export function fullTextQueryOf(engine: Engine, search: string): string | null {
  const typed = searchTermsOf(search);
  if (typed.length === 0) return null;
  return engine === 'postgres'
    ? typed
        .map((parts) => `${parts.map((part) => `'${part}'`).join(' <-> ')}:*`)
        .join(' & ')
    : typed.map((parts) => `"${parts.join(' ')}"*`).join(' ');
}

/**
 * The applications whose text holds every word of the search (`fullTextQueryOf`), as a condition
 * on `applications`; null when it has none. `storedBefore`: only those whose text was stored
 * before that search key (see `search-key-migration.ts`). SQLite finds them by the key its index
 * gives, through the index on `applications.search_key`; PostgreSQL in `application_search`.
 */
export function searchMatchOf(
  engine: Engine,
  search: string,
  storedBefore?: number,
): RawBuilder<boolean> | null {
  const query = fullTextQueryOf(engine, search);
  if (query === null) return null;
  if (engine === 'postgres')
    return sql<boolean>`applications.id in (select application_id from application_search where search @@ to_tsquery('simple', ${query})${
      storedBefore === undefined
        ? sql``
        : sql` and search_key < ${storedBefore}`
    })`;
  return sql<boolean>`applications.search_key in (select rowid from application_search_index where application_search_index match ${query}${
    storedBefore === undefined ? sql`` : sql` and rowid < ${storedBefore}`
  })`;
}

/**
 * The rows an engine keeps an application's text in, written in the transaction that stores it,
 * after the application. PostgreSQL's row copies the columns a search is counted and filtered by
 * (`search-key-migration.ts`), which a trigger keeps as the application changes.
 */
export async function indexSearchText(
  db: QueryExecutorProvider,
  engine: Engine,
  rows: ReadonlyArray<{ id: string; text: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  if (engine === 'postgres') {
    await sql`insert into application_search
        (application_id, received_at, call_slug, country_code, language, stage, duplicate_of, search)
      select applications.id, received_at, call_slug, country_code, language, stage, duplicate_of,
        to_tsvector('simple', written.text)
      from unnest(${rows.map((row) => row.id)}::varchar[], ${rows.map((row) => row.text)}::text[])
        as written (id, text)
      join applications on applications.id = written.id`.execute(db);
    return;
  }
  await sql`insert into application_search (application_id, body) values ${sql.join(
    rows.map((row) => sql`(${row.id}, ${row.text})`),
  )}`.execute(db);
}
