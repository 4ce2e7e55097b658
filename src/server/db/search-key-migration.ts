import { sql, type Kysely } from 'kysely';
import type { Engine } from './database.ts';

/**
 * A search reads, for every application it finds, the columns its counts per stage, its ranking
 * and the inbox's common filters need (stage, whether it is a second application, call, country,
 * language, when it was received). Read from each application's whole row, a word a third of
 * 100,000 applications hold took 110 to 250 ms to count; read from these, 13 to 30 ms.
 *
 * SQLite: each application keeps the key of its text in the full-text index (`search_key`, the
 * row id of `application_search`, set by a trigger as the text is stored), and an index on that
 * key holds those columns, so each application the index finds is one look-up in a small index.
 *
 * PostgreSQL: a look-up per application found costs too much there; the words leave `applications`
 * for a table of their own beside copies of those columns, so counting reads that table alone (a
 * third of the size of `applications`). A trigger keeps the copies as the application changes;
 * the row goes with its application. `search_key` numbers the texts in the order they were
 * stored, as on SQLite: the ranking ranks the newest it finds (`search-queries.ts`).
 */
export async function addSearchKeys(
  db: Kysely<unknown>,
  engine: Engine,
): Promise<void> {
  if (engine === 'sqlite') {
    await sql`alter table applications add column search_key integer`.execute(
      db,
    );
    await sql`update applications set search_key =
      (select rowid from application_search where application_id = applications.id)`.execute(
      db,
    );
    await sql`create index applications_by_search_key on applications
      (search_key, stage, duplicate_of, call_slug, country_code, language, received_at, id)`.execute(
      db,
    );
    await sql`create trigger application_search_keyed after insert on application_search begin
      update applications set search_key = new.rowid where id = new.application_id;
    end`.execute(db);
    await sql`analyze applications_by_search_key`.execute(db);
    return;
  }
  await sql`create table application_search (
    search_key bigint generated always as identity primary key,
    application_id varchar(36) not null unique references applications (id) on delete cascade,
    received_at varchar(24) not null,
    call_slug varchar(64),
    country_code varchar(2),
    language varchar(35),
    stage varchar(16) not null,
    duplicate_of varchar(36),
    search tsvector not null
  )`.execute(db);
  await sql`insert into application_search
      (application_id, received_at, call_slug, country_code, language, stage, duplicate_of, search)
    select id, received_at, call_slug, country_code, language, stage, duplicate_of, search
    from applications where search is not null
    order by received_at, id`.execute(db);
  await sql`alter table applications drop column search`.execute(db);
  await sql`create index application_search_words on application_search using gin (search)`.execute(
    db,
  );
  await sql`create function follow_application_in_search() returns trigger language plpgsql as $$
    begin
      update application_search set received_at = new.received_at, call_slug = new.call_slug,
        country_code = new.country_code, language = new.language, stage = new.stage,
        duplicate_of = new.duplicate_of
      where application_id = new.id;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger applications_followed_in_search
    after update of received_at, call_slug, country_code, language, stage, duplicate_of on applications
    for each row when (
      (old.received_at, old.call_slug, old.country_code, old.language, old.stage, old.duplicate_of)
      is distinct from
      (new.received_at, new.call_slug, new.country_code, new.language, new.stage, new.duplicate_of)
    )
    execute function follow_application_in_search()`.execute(db);
  await sql`analyze application_search`.execute(db);
}
