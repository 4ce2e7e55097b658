import type { Kysely } from 'kysely';
import type { Engine } from './database.ts';

/**
 * What an application's address (or the page that embedded its form) said of where it came from,
 * besides the visit's source: the values of the form's hidden fields, `{"ref": "hotel-alpenhof"}`
 * (JSON, jsonb on PostgreSQL so the inbox filters by one name), and the ad click that brought it,
 * `gclid=Cj0KCQ…`. Both stay null for applications that came without them and for everything
 * stored before forms had hidden fields.
 */
export async function addAttribution(
  db: Kysely<unknown>,
  engine: Engine,
): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('hidden', engine === 'postgres' ? 'jsonb' : 'text')
    .execute();
  await db.schema
    .alterTable('applications')
    .addColumn('click_id', 'varchar(300)')
    .execute();
}
