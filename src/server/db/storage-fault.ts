/** The `code` an error carries (SQLite, PostgreSQL, Node), if it carries one as text. */
export function errorCodeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The cause of a database failure in an operator's words, from SQLite's result codes, PostgreSQL's
 * SQLSTATE codes and Node's network codes; undefined when it is none of the faults of storage.
 */
export function storageFaultOf(error: unknown): string | undefined {
  const code = errorCodeOf(error);
  if (code === undefined) return undefined;
  if (code === 'SQLITE_FULL' || code === '53100') return 'the disk is full';
  if (code.startsWith('SQLITE_READONLY') || code === '25006')
    return 'the database is read-only';
  if (code.startsWith('SQLITE_IOERR') || code === '58030')
    return 'the disk reported an I/O error';
  if (code.startsWith('SQLITE_CORRUPT') || code === 'XX001')
    return 'the database file is corrupt';
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', '57P01'].includes(
      code,
    )
  )
    return 'the database cannot be reached';
  return undefined;
}

/** A write refused because a row with its key exists already, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === '23505' || code?.startsWith('SQLITE_CONSTRAINT') === true;
}
