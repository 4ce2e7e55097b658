import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { buildMigrations } from './migrations.ts';
import { openPostgres } from './postgres-database.ts';
import { openSqlite } from './sqlite-database.ts';
import { errorCodeOf } from './storage-fault.ts';
import type { DatabaseSchema } from './tables.ts';

export type Engine = 'sqlite' | 'postgres';

export type Database = {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
  /**
   * Makes erased rows unrecoverable from the files (SQLite: free pages and the WAL). Resolves true
   * once they are gone; false while a reader that began before the erasure (an export, a backup,
   * another process) still needs them, in which case it goes on trying until it succeeds.
   */
  scrubAfterErase: () => Promise<boolean>;
  /** Bytes free on the disk of the database's files, where this process can see it (SQLite). */
  freeBytes?: () => Promise<number>;
  /** Tells `listener` of every query that fails from now on (the metrics count them). */
  onQueryError: (listener: (error: unknown) => void) => void;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  sqlitePath: string;
  /** Told the name of each migration this start applied, in order, once they have all committed. */
  onMigrated?: (name: string) => void;
};

/** Opens SQLite (default) or PostgreSQL (`DATABASE_URL`) and brings the schema up to date. */
export async function openDatabase(
  options: DatabaseOptions,
): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : openSqlite(options.sqlitePath);
  const migrations = buildMigrations(database.engine);
  try {
    await refuseNewerSchema(database.db, Object.keys(migrations));
    const { error, results } = await new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
    }).migrateToLatest();
    if (error) throw error;
    for (const result of results ?? [])
      if (result.status === 'Success')
        options.onMigrated?.(result.migrationName);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** A database that a newer version of the server has migrated, whose schema this version does not know. */
export class NewerDatabaseError extends Error {}

/**
 * Migrations only move forward, so an older server started on a newer database (a rollback after
 * an upgrade) would run on tables it does not know. It stops instead, naming what it does not know.
 */
async function refuseNewerSchema(
  db: Kysely<DatabaseSchema>,
  known: string[],
): Promise<void> {
  let applied: string[];
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration`.execute(db);
    applied = rows.map((row) => row.name);
  } catch (error) {
    // A new database has no record of migrations yet.
    if (
      errorCodeOf(error) === '42P01' ||
      /no such table/.test((error as Error).message)
    )
      return;
    throw error;
  }
  const unknown = applied.filter((name) => !known.includes(name)).sort();
  if (unknown.length > 0)
    throw new NewerDatabaseError(
      `was migrated by a newer version of this server (${unknown.join(', ')} unknown to this one): run that version, or restore a backup taken before the upgrade`,
    );
}
