import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import type { ApplicationPayload } from '#engine/payload.ts';
import type { Engine } from './database.ts';

// What migration 033 indexes stored applications with. A migration is history: it holds its own
// copy of the rule (search-migration.test.ts pins it to today's `searchTextOf`), so that changing
// today's code never changes what it did.

const wordsOf = (text: string): string[] =>
  text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

function textsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (value !== null && typeof value === 'object')
    return Object.values(value).flatMap(textsIn);
  return [];
}

/** Migration 033: every text the applicant wrote, cut into words, not the hidden values. */
export function migratedSearchTextOf(payload: ApplicationPayload): string {
  return wordsOf(
    [
      ...textsIn(payload.personalInfo),
      ...textsIn(payload.platforms),
      ...payload.fields.map((field) => field.value),
    ].join(' '),
  ).join(' ');
}

async function indexSearchText(
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

/**
 * SQLite: the text in a table of its own (found by application id when the application goes), and
 * an FTS5 index over it kept by triggers, with secure-delete so an erased application's words leave
 * the index itself, not only its content. PostgreSQL: a `tsvector` column with a GIN index.
 * Applications stored before are indexed here.
 */
export async function addSearch(
  db: Kysely<unknown>,
  engine: Engine,
): Promise<void> {
  if (engine === 'postgres') {
    await sql`alter table applications add column search tsvector`.execute(db);
    await sql`create index applications_search on applications using gin (search)`.execute(
      db,
    );
  } else {
    await sql`create table application_search (
      rowid integer primary key,
      application_id varchar(36) not null unique,
      body text not null
    )`.execute(db);
    await sql`create virtual table application_search_index using fts5(
      body, content = 'application_search', content_rowid = 'rowid',
      tokenize = "unicode61 remove_diacritics 2"
    )`.execute(db);
    await sql`insert into application_search_index (application_search_index, rank) values ('secure-delete', 1)`.execute(
      db,
    );
    await sql`create trigger application_search_added after insert on application_search begin
      insert into application_search_index (rowid, body) values (new.rowid, new.body);
    end`.execute(db);
    await sql`create trigger application_search_removed after delete on application_search begin
      insert into application_search_index (application_search_index, rowid, body) values ('delete', old.rowid, old.body);
    end`.execute(db);
    await sql`create trigger application_search_erased after delete on applications begin
      delete from application_search where application_id = old.id;
    end`.execute(db);
  }
  const stored = await sql<{
    id: string;
    payload: string | ApplicationPayload;
  }>`select id, payload from applications`.execute(db);
  const rows = stored.rows.map((row) => ({
    id: row.id,
    text: migratedSearchTextOf(
      typeof row.payload === 'string'
        ? (JSON.parse(row.payload) as ApplicationPayload)
        : row.payload,
    ),
  }));
  for (let start = 0; start < rows.length; start += 200)
    await indexSearchText(db, engine, rows.slice(start, start + 200));
}
