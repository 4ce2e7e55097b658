import { errorCodeOf, storageFaultOf } from './db/storage-fault.ts';

// What an operator can act on when start-up fails: one line that names the setting.

const invalidDatabaseUrl =
  'DATABASE_URL: is not a valid URL (postgres://user:password@host:port/database)';

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');

/** The database could not be opened; DATABASE_URL's value is never repeated (it holds a password). */
export function databaseProblem(
  error: unknown,
  {
    databaseUrl,
    sqlitePath,
  }: { databaseUrl?: string | undefined; sqlitePath: string },
): string {
  if (!databaseUrl)
    return `SQLITE_PATH: cannot open ${sqlitePath}: ${storageFaultOf(error) ?? messageOf(error)}`;
  let place: string;
  try {
    const url = new URL(databaseUrl);
    place = `${url.hostname}:${url.port || '5432'}`;
  } catch {
    return invalidDatabaseUrl;
  }
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
