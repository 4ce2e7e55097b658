import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  openDatabase,
  type Database,
  type Engine,
} from '../../src/server/db/database.ts';
import { createScratchPostgres } from './scratch-postgres.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A pool over a scratch PostgreSQL database, for a test that reads it through its own Kysely. It
 * hears its connections' errors as the server's pool does: dropping the database ends them, and an
 * error unheard would end the test run.
 */
export function scratchPool(url: string | undefined, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** The engines the storage suites run on: SQLite always, PostgreSQL when TEST_DATABASE_URL answers. */
export const engines: Engine[] =
  adminUrl && (await isReachable(adminUrl))
    ? ['sqlite', 'postgres']
    : ['sqlite'];

if (!engines.includes('postgres'))
  process.stdout.write(
    `\n  PostgreSQL tests SKIPPED: ${adminUrl ? `nothing answers at ${adminUrl}` : 'TEST_DATABASE_URL is not set'} (start one with scripts/start-test-postgres.sh)\n\n`,
  );

/** A new, empty database of that engine (SQLite's in `directory` if given); `drop` removes it. */
export async function scratchDatabase(
  engine: Engine,
  directory = mkdtempSync(join(tmpdir(), 'wizard-db-')),
): Promise<{
  url: string | undefined;
  sqlitePath: string;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const sqlitePath = join(directory, 'applications.db');
  if (engine === 'sqlite')
    return {
      url: undefined,
      sqlitePath,
      open: () => openDatabase({ sqlitePath }),
      drop: async () => {},
    };
  const scratch = await createScratchPostgres(adminUrl ?? '');
  return {
    url: scratch.url,
    sqlitePath,
    open: () => openDatabase({ databaseUrl: scratch.url, sqlitePath }),
    drop: scratch.drop,
  };
}
