import { existsSync, mkdirSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import type { Database } from './database.ts';
import { queryErrorLog } from './query-error-log.ts';
import { createScrubber } from './sqlite-scrubber.ts';
import type { DatabaseSchema } from './tables.ts';

/**
 * SQLite's dialect with every transaction begun IMMEDIATE, taking the write lock at once. A plain
 * BEGIN reads first; when another connection (`npm run staff`, a second process) commits before
 * the transaction's first write, SQLite cannot move its snapshot forward and fails with "database
 * is locked" at once, without waiting out the busy timeout. Begun IMMEDIATE, it waits its turn.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #connection: SQLite.Database;

  constructor(connection: SQLite.Database) {
    super({ database: connection });
    this.#connection = connection;
  }

  override createDriver(): Driver {
    const connection = this.#connection;
    return new (class extends SqliteDriver {
      override async beginTransaction(
        kyselyConnection: DatabaseConnection,
      ): Promise<void> {
        await kyselyConnection.executeQuery(
          CompiledQuery.raw('begin immediate'),
        );
      }

      // A full disk or an I/O error makes SQLite roll the transaction back itself; a second
      // rollback would fail with "no transaction is active" and hide the error that mattered.
      override async rollbackTransaction(
        kyselyConnection: DatabaseConnection,
      ): Promise<void> {
        if (connection.inTransaction)
          await kyselyConnection.executeQuery(CompiledQuery.raw('rollback'));
      }
    })({ database: connection });
  }
}

/**
 * Makes the missing folders above `path`, top down, one at a time. Node's recursive mkdir never
 * returns where a file system refuses a folder its parent could hold (`/proc/nope`): it spins.
 */
function makeFoldersFor(path: string): void {
  const missing: string[] = [];
  for (
    let folder = dirname(resolve(path));
    !existsSync(folder);
    folder = dirname(folder)
  ) {
    missing.unshift(folder);
    if (dirname(folder) === folder) break;
  }
  for (const folder of missing) mkdirSync(folder);
}

export function openSqlite(path: string): Database {
  if (path !== ':memory:') makeFoldersFor(path);
  const connection = new SQLite(path);
  // WAL with synchronous=FULL syncs the log on every commit, so an acknowledged application
  // survives a power loss; secure_delete overwrites erased rows instead of leaving them in free pages.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
  connection.pragma('foreign_keys = ON');
  connection.pragma('secure_delete = ON');
  // Without statistics SQLite guesses how many rows a condition keeps, and read the inbox sorted by
  // reach or votes through the wrong index, sorting every row. `optimize` gathers them (a bounded
  // sample, so it stays quick on a large file) at opening and then every hour, as SQLite advises
  // for a connection that lives long.
  connection.pragma('optimize = 0x10002');
  const optimizer = setInterval(
    () => connection.pragma('optimize'),
    optimizeEveryMs,
  ).unref();
  const errors = queryErrorLog();
  const db = new Kysely<DatabaseSchema>({
    dialect: new ImmediateSqliteDialect(connection),
    log: errors.log,
  });
  const scrubber = createScrubber(db, busyTimeoutMs);
  scrubber.resume();
  return {
    db,
    engine: 'sqlite',
    onQueryError: errors.onQueryError,
    scrubAfterErase: () => scrubber.scrub(),
    ...(path !== ':memory:' && {
      freeBytes: async () => {
        const { bavail, bsize } = await statfs(dirname(resolve(path)));
        return bavail * bsize;
      },
    }),
    close: async () => {
      clearInterval(optimizer);
      scrubber.stop();
      await db.destroy();
    },
  };
}

const busyTimeoutMs = 5000;
const optimizeEveryMs = 60 * 60 * 1000;
