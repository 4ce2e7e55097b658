import type { Kysely } from 'kysely';

/**
 * Bulk moves of every application in a view, as jobs worked a chunk at a time: who asked, what,
 * the view's filters, how far it has come (the last application moved, in the order received),
 * and how it ended. A server that stops mid-job takes it up again where its last chunk ended.
 */
export async function addBulkJobs(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bulk_jobs')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('actor', 'varchar(320)', (column) => column.notNull())
    .addColumn('address', 'varchar(64)')
    .addColumn('stage', 'varchar(16)', (column) => column.notNull())
    .addColumn('view', 'text', (column) => column.notNull())
    .addColumn('total', 'integer', (column) => column.notNull())
    .addColumn('done', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('moved', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('withdrawn', 'integer', (column) =>
      column.notNull().defaultTo(0),
    )
    .addColumn('calls', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('after_received_at', 'varchar(24)')
    .addColumn('after_id', 'varchar(36)')
    .addColumn('state', 'varchar(16)', (column) => column.notNull())
    .addColumn('error', 'varchar(400)')
    .addColumn('started_at', 'varchar(24)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(24)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('bulk_jobs_state')
    .on('bulk_jobs')
    .column('state')
    .execute();
  // The inbox lists first applications only unless asked: without the column first in an index,
  // its first page newest first sorted every row (824 ms at 20,000 on SQLite, against 1 ms for a
  // stage tab, whose index leads with the stage).
  await db.schema
    .createIndex('applications_firsts_newest')
    .on('applications')
    .columns(['duplicate_of', 'received_at', 'id'])
    .execute();
}
