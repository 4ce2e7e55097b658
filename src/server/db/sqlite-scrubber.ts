import { sql, type Kysely } from 'kysely';
import { errorCodeOf } from './storage-fault.ts';
import type { DatabaseSchema } from './tables.ts';

/**
 * Waits between tries while a reader holds the erased bytes: long enough in all for an export's
 * batch or a backup's page copy to finish, short enough for the staff member waiting on the answer.
 */
const scrubRetriesMs = [25, 50, 100, 200, 400];
const scrubInBackgroundEveryMs = 1000;

/**
 * Erased bytes leave the files only when a checkpoint copies the WAL into the database and
 * truncates it, which a reader on an older snapshot prevents. The checkpoint runs with no busy
 * timeout, so a busy database answers at once instead of blocking the event loop, and is tried
 * again a few times; then again each second in the background until it succeeds. A try at
 * start-up finishes a scrub that a restart interrupted.
 */
export function createScrubber(
  db: Kysely<DatabaseSchema>,
  busyTimeoutMs: number,
) {
  let background: NodeJS.Timeout | undefined;

  const tryOnce = () =>
    db.connection().execute(async (connection) => {
      await sql`PRAGMA busy_timeout = 0`.execute(connection);
      try {
        const { rows } = await sql<{
          busy: number;
        }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(connection);
        return rows[0]?.busy === 0;
      } catch (error) {
        if (isBusy(error)) return false;
        throw error;
      } finally {
        await sql
          .raw(`PRAGMA busy_timeout = ${busyTimeoutMs}`)
          .execute(connection);
      }
    });

  const keepTrying = () => {
    if (background) return;
    background = setInterval(() => {
      void tryOnce().then(
        (isDone) => {
          if (isDone) stop();
        },
        () => {},
      );
    }, scrubInBackgroundEveryMs);
    // A pending scrub must not hold the process open; the next start-up finishes it.
    background.unref();
  };

  const stop = () => {
    clearInterval(background);
    background = undefined;
  };

  return {
    async scrub(): Promise<boolean> {
      for (const waitMs of [...scrubRetriesMs, undefined]) {
        if (await tryOnce()) {
          stop();
          return true;
        }
        if (waitMs === undefined) break;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
      keepTrying();
      return false;
    },
    resume() {
      void tryOnce().then(
        (isDone) => {
          if (!isDone) keepTrying();
        },
        () => {},
      );
    },
    stop,
  };
}

function isBusy(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}
