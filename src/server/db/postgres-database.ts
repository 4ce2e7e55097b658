import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './database.ts';
import { queryErrorLog } from './query-error-log.ts';
import type { DatabaseSchema } from './tables.ts';

export async function openPostgres(url: string): Promise<Database> {
  // Imported only here: a server on SQLite would spend part of its start-up loading it for nothing.
  const { default: pg } = await import('pg');
  // Without a connection timeout, a database host that drops packets would hang start-up and
  // every request for good.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 10_000,
  });
  // An idle connection closed by the server (restart, failover, admin) emits 'error' on the pool;
  // unhandled it would end the process. The pool drops that client and the next query reconnects.
  pool.on('error', () => {});
  // A connection that ends while in use (PostgreSQL stopped or restarted, the backend terminated)
  // rejects its query, which answers 503; its client also emits 'error', which unheard would end
  // the process. The pool drops that client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const errors = queryErrorLog();
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool }),
    log: errors.log,
  });
  return {
    db,
    engine: 'postgres',
    onQueryError: errors.onQueryError,
    // Row versions are reclaimed by autovacuum; PostgreSQL offers no stronger promise.
    scrubAfterErase: async () => true,
    close: () => db.destroy(),
  };
}
