import {
  NewerDatabaseError,
  openDatabase,
  type Database,
  type DatabaseOptions,
} from './db/database.ts';
import { errorCodeOf, storageFaultOf } from './db/storage-fault.ts';

// What an operator can act on when start-up fails: one line that names the setting.

const invalidDatabaseUrl =
  'DATABASE_URL: is not a valid URL (postgres://user:password@host:port/database)';

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');

/** The database could not be opened; DATABASE_URL's value is never repeated (it holds a password). */
function databaseProblem(
  error: unknown,
  {
    databaseUrl,
    sqlitePath,
  }: { databaseUrl?: string | undefined; sqlitePath: string },
): string {
  if (!databaseUrl)
    return error instanceof NewerDatabaseError
      ? `SQLITE_PATH: ${sqlitePath} ${error.message}`
      : `SQLITE_PATH: cannot open ${sqlitePath}: ${storageFaultOf(error) ?? messageOf(error)}`;
  let place: string;
  try {
    const url = new URL(databaseUrl);
    place = `${url.hostname}:${url.port || '5432'}`;
  } catch {
    return invalidDatabaseUrl;
  }
  if (error instanceof NewerDatabaseError)
    return `DATABASE_URL: the database at ${place} ${error.message}`;
  const code = errorCodeOf(error);
  if (code === 'ERR_INVALID_URL' || error instanceof URIError)
    return invalidDatabaseUrl;
  if (code === '28P01' || code === '28000')
    return `DATABASE_URL: the server at ${place} refused the user name or password`;
  if (code === '3D000')
    return `DATABASE_URL: the database it names does not exist on the server at ${place}`;
  const fault = storageFaultOf(error);
  if (fault) return `DATABASE_URL: ${fault} at ${place} (${code})`;
  return `DATABASE_URL: the database at ${place} could not be opened: ${messageOf(error)}`;
}

/** Opens the database the environment names, or ends the process with the line that says why not. */
export function openDatabaseOrExit(place: DatabaseOptions): Promise<Database> {
  return openDatabase(place).catch((error: unknown) => {
    process.stderr.write(`${databaseProblem(error, place)}\n`);
    process.exit(1);
  });
}

/** The server could not listen where it was told to. */
export function listenProblem(
  error: unknown,
  { port, host }: { port: number; host: string },
): string {
  const code = errorCodeOf(error);
  if (code === 'EADDRINUSE')
    return `PORT: ${port} is already in use on ${host}; stop what holds it or choose another PORT`;
  if (code === 'EACCES')
    return `PORT: ${port} needs privileges this process does not have; choose a port above 1023`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `HOST: ${host} is not an address of this machine`;
  return `Could not listen on ${host}:${port}: ${messageOf(error)}`;
}
