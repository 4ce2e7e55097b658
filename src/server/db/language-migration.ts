import type { Kysely } from 'kysely';

/**
 * The language an application was written in and a visit read in, so that e-mails go in it and
 * the team sees who applied in which language. Both stay null for what was stored before forms
 * had languages: those were in the form's own.
 */
export async function addLanguages(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('language', 'varchar(35)')
    .execute();
  await db.schema
    .alterTable('insight_visits')
    .addColumn('language', 'varchar(35)')
    .execute();
}
