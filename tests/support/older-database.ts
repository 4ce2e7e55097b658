import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Engine } from '../../src/server/db/database.ts';
import type { DatabaseSchema } from '../../src/server/db/tables.ts';
import { buildMigrations } from '../../src/server/db/migrations.ts';
import { scratchPool, type scratchDatabase } from './databases.ts';

/**
 * A scratch database as an older release left it: migrated up to `migration` and no further, for
 * a test to fill before the server opens it and migrates the rest. Destroy it before opening.
 */
export async function databaseMigratedTo(
  scratch: Awaited<ReturnType<typeof scratchDatabase>>,
  engine: Engine,
  migration: string,
): Promise<Kysely<DatabaseSchema>> {
  const older = new Kysely<DatabaseSchema>({
    dialect: scratch.url
      ? new PostgresDialect({
          pool: scratchPool(scratch.url),
        })
      : new SqliteDialect({ database: new SQLite(scratch.sqlitePath) }),
  });
  const { error } = await new Migrator({
    db: older,
    provider: { getMigrations: async () => buildMigrations(engine) },
  }).migrateTo(migration);
  if (error) {
    await older.destroy();
    throw error;
  }
  return older;
}
