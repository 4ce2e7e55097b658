import { sql, type Kysely } from 'kysely';
import type { Engine } from './database.ts';

/**
 * The inbox's counts per stage under a filter, and its sorts within a stage tab.
 *
 * Counts: under a country, platform, call, language or minimum reach, each count read every
 * application's whole row (about 90 ms at 100,000 applications on SQLite, 100 on PostgreSQL), as
 * the index of stages the unfiltered counts read holds no other column. Every list request counts.
 *
 * SQLite: one index holds the columns of those filters beside the stage, led by the platforms as
 * `applications_facets` was (which it replaces: what the filters offer reads it just as well). No
 * filter's equality seeks by it, so a list keeps walking its sort's index; SQLite's planner
 * prefers reading rows in stage order to scanning it, so the counts name it (`indexed by`,
 * `inbox-filter-index.ts`). Scanning all of it takes 7 to 14 ms at 100,000.
 *
 * PostgreSQL: an entry may not pass 2,704 bytes, which the platforms could, so the index leaves them
 * to the rows; its planner finds it alone, and still reads the rows under a platform.
 *
 * Sorts within a stage (SQLite only): by reach or by votes, the tab New sorted every New
 * application (65 to 160 ms at 100,000), SQLite seeking the stage in the index of stages and
 * sorting what it found rather than walking the sort's index and skipping the other stages.
 * PostgreSQL walks the sort's index. By verified reach needs none: such an index led the page of
 * those without a count to sort every application.
 */
export async function addInboxFilterIndexes(
  db: Kysely<unknown>,
  engine: Engine,
): Promise<void> {
  if (engine === 'postgres') {
    await sql`create index applications_first_filters on applications
      (stage, call_slug, country_code, language) include (reach, verified_reach, eligible)
      where duplicate_of is null`.execute(db);
    await sql`analyze applications`.execute(db);
    return;
  }
  await db.schema.dropIndex('applications_facets').execute();
  await db.schema
    .createIndex('applications_filters')
    .on('applications')
    .columns([
      'platforms',
      'country_code',
      'language',
      'call_slug',
      'stage',
      'duplicate_of',
      'reach',
      'verified_reach',
      'eligible',
    ])
    .execute();
  await db.schema
    .createIndex('applications_stage_reach')
    .on('applications')
    .columns(['stage', 'reach', 'received_at', 'id'])
    .execute();
  await db.schema
    .createIndex('applications_stage_votes')
    .on('applications')
    .columns(['stage', 'net_votes', 'received_at', 'id'])
    .execute();
  for (const index of [
    'applications_filters',
    'applications_stage_reach',
    'applications_stage_votes',
  ])
    await sql`analyze ${sql.id(index)}`.execute(db);
}
