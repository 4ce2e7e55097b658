import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';

/** A backup that could not be made, in words an operator can act on. */
export class BackupError extends Error {}

/** sqlite3_backup_step's page count meaning "every page that is left". */
const everyPage = 0x7fffffff;

/**
 * Copies the SQLite database at `source` to `target` while the server may be writing to it, then
 * opens the copy and checks it. The copy goes to a `.partial` file first and takes its name only
 * once it has passed, so a file under `target` is always a whole, verified database.
 * A backup holds every application: the folders it makes are its runner's alone (0700), and the
 * copy is readable by its runner alone (0600) from its first byte, whatever the umask.
 */
export async function backupSqlite(
  source: string,
  target: string,
): Promise<{ applications: number; bytes: number }> {
  if (!existsSync(source))
    throw new BackupError(`SQLITE_PATH: ${source} does not exist`);
  if (existsSync(target))
    throw new BackupError(
      `${target} exists already: name a new file, an older backup is never overwritten`,
    );
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const connection = new SQLite(source, { fileMustExist: true });
  try {
    connection.pragma('busy_timeout = 5000');
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    // SQLite keeps the mode of a file that exists, and gives its journal the same.
    closeSync(openSync(partial, 'wx', 0o600));
    // The driver's online backup, taken in one step: one read transaction, so the copy is a
    // single moment of the database however many writes land meanwhile (WAL lets them), where a
    // copy taken a few pages at a time would start over after each of the server's writes.
    await connection.backup(partial, { progress: () => everyPage });
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(
      `the copy to ${target} failed: ${(error as Error).message}`,
    );
  } finally {
    connection.close();
  }
  const copy = new SQLite(partial, { fileMustExist: true });
  let applications: number;
  try {
    // One file to keep and to restore: no write-ahead log beside it.
    copy.pragma('journal_mode = DELETE');
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new BackupError(
        `the copy failed its integrity check: ${integrity}`,
      );
    applications = copy
      .prepare('select count(*) from applications')
      .pluck()
      .get() as number;
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error instanceof BackupError
      ? error
      : new BackupError(`the copy cannot be read: ${(error as Error).message}`);
  }
  copy.close();
  renameSync(partial, target);
  return { applications, bytes: statSync(target).size };
}
