import { sql, type Kysely } from 'kysely';
import type { Engine } from './database.ts';

/**
 * Migration 037: one row per application and platform for what the platform itself says of the
 * handle, worked as a queue (lease, attempts, next attempt); the platforms' pauses; and the sum of
 * the verified counts on `applications`, indexed like `reach` so the inbox sorts by it as fast.
 * Applications stored before it get their rows as `unavailable` and never checked: a server started
 * with credentials queues those of its platforms. This code is the migration's own: it reads the
 * stored `platforms` column rather than calling the payload's reader, which may change.
 */
export async function addReach(db: Kysely<unknown>, engine: Engine) {
  await db.schema
    .createTable('reach_checks')
    // `<application id>/<platform>`: one key a claim can name, made again from the pair at will.
    .addColumn('id', 'varchar(56)', (column) => column.primaryKey())
    .addColumn('application_id', 'varchar(36)', (column) =>
      column.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('platform', 'varchar(16)', (column) => column.notNull())
    .addColumn('handle', 'varchar(200)', (column) => column.notNull())
    .addColumn('stated', 'bigint', (column) => column.notNull())
    .addColumn('verified', 'bigint')
    .addColumn('engagement_rate', 'double precision')
    .addColumn('checked_at', 'varchar(24)')
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(24)', (column) => column.notNull())
    .addColumn('give_up_at', 'varchar(24)', (column) => column.notNull())
    .addColumn('locked_until', 'varchar(24)')
    .addColumn('last_error', 'varchar(200)')
    .execute();
  await db.schema
    .createIndex('reach_checks_application')
    .on('reach_checks')
    .column('application_id')
    .execute();
  await db.schema
    .createIndex('reach_checks_due')
    .on('reach_checks')
    .columns(['status', 'platform', 'next_attempt_at'])
    .execute();
  await db.schema
    .createTable('reach_pauses')
    .addColumn('platform', 'varchar(16)', (column) => column.primaryKey())
    .addColumn('until', 'varchar(24)', (column) => column.notNull())
    .addColumn('reason', 'varchar(16)', (column) => column.notNull())
    .execute();
  await db.schema
    .alterTable('applications')
    .addColumn('verified_reach', 'bigint')
    .execute();
  await db.schema
    .createIndex('applications_verified_reach')
    .on('applications')
    .columns(['verified_reach', 'received_at', 'id'])
    .execute();

  const at = new Date().toISOString();
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; platforms: string | null }>`
      select id, platforms from applications where id > ${after} order by id limit 500`.execute(
      db,
    );
    if (rows.length === 0) break;
    after = rows.at(-1)?.id ?? after;
    const values = rows.flatMap((row) => {
      let platforms: unknown;
      try {
        platforms = JSON.parse(row.platforms ?? '[]');
      } catch {
        platforms = [];
      }
      return (Array.isArray(platforms) ? platforms : []).flatMap(
        (entry: {
          platform?: unknown;
          handle?: unknown;
          followers?: unknown;
        }) =>
          typeof entry.platform === 'string' &&
          typeof entry.handle === 'string' &&
          entry.handle !== ''
            ? [
                sql`(${`${row.id}/${entry.platform}`}, ${row.id}, ${entry.platform}, ${entry.handle.slice(0, 200)}, ${Number(entry.followers) || 0}, 'unavailable', 0, ${at}, ${at})`,
              ]
            : [],
      );
    });
    if (values.length > 0)
      await sql`
        insert into reach_checks
          (id, application_id, platform, handle, stated, status, attempts, next_attempt_at, give_up_at)
        values ${sql.join(values)}`.execute(db);
  }
  // PostgreSQL plans the queue's claim better once it knows the table's size.
  if (engine === 'postgres') await sql`analyze reach_checks`.execute(db);
}
