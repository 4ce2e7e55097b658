import type { Kysely } from 'kysely';

/**
 * The bot-check challenges already answered, until they expire: an answer is good once, whichever
 * process takes it. Only the challenge's signature is kept, with the Idempotency-Key of the
 * application it came with, so a retry of that same application is not refused.
 */
export async function addBotCheckUses(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bot_check_uses')
    .addColumn('signature', 'varchar(128)', (column) => column.primaryKey())
    .addColumn('idempotency_key', 'varchar(36)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(24)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('bot_check_uses_expiry')
    .on('bot_check_uses')
    .column('expires_at')
    .execute();
}
