import type { Database } from '../../src/server/db/database.ts';
import { createAuditLog } from '../../src/server/staff/audit-log.ts';

/** The newest entries of the audit log, newest first. */
export async function latestAuditEntries(database: Database, limit: number) {
  const page = await createAuditLog(database).page(
    {},
    { limit, cursor: undefined },
  );
  return page?.entries ?? [];
}
