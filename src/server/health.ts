import type { Database } from './db/database.ts';
import { storageFaultOf } from './db/storage-fault.ts';

/** Below this much free space (eight of the largest applications) the disk counts as full. */
const lowSpaceBytes = 8 * 65_536;

/**
 * Health as a submission would find it: the database answers a read, a write reaches the disk, and
 * (for SQLite) the disk has room for more than a few applications.
 * Every ask proves the write afresh (one row, rewritten), so the answer follows the disk from one
 * ask to the next, both when it fills and when it frees; asks that arrive while a write is under
 * way share it, so however often a load balancer asks, one write at a time reaches the disk. The
 * log says when the storage fails and when it works again, once each, not at every ask.
 */
export function createHealthCheck(
  database: Database,
  {
    onFault,
    onRecovery,
  }: {
    onFault: (fault: string, error: unknown) => void;
    onRecovery: () => void;
  },
) {
  let writing: Promise<string | undefined> | undefined;
  let lastFault: string | undefined;

  const failed = (fault: string, error: unknown) => {
    if (fault !== lastFault) onFault(fault, error);
    return fault;
  };

  const probeWrite = async (): Promise<string | undefined> => {
    const probedAt = new Date().toISOString();
    try {
      // A row of one page may still fit where an application of many no longer does.
      const free = await database.freeBytes?.();
      if (free !== undefined && free < lowSpaceBytes)
        return failed(
          'the disk is full',
          new Error(`${free} bytes free, fewer than ${lowSpaceBytes}`),
        );
      await database.db
        .insertInto('health_probe')
        .values({ id: 1, probed_at: probedAt })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet({ probed_at: probedAt }),
        )
        .execute();
      return undefined;
    } catch (error) {
      return failed(
        storageFaultOf(error) ?? 'a write to the database failed',
        error,
      );
    }
  };

  const sharedWrite = () => {
    writing ??= probeWrite().finally(() => {
      writing = undefined;
    });
    return writing;
  };

  const check = async (): Promise<string | undefined> => {
    const write = sharedWrite();
    try {
      await database.db
        .selectFrom('applications')
        .select('id')
        .limit(1)
        .execute();
    } catch (error) {
      await write;
      return storageFaultOf(error) ?? 'a read from the database failed';
    }
    return write;
  };

  return {
    /** Undefined when healthy; otherwise why not. */
    async problem(): Promise<string | undefined> {
      const fault = await check();
      if (fault === undefined && lastFault !== undefined) onRecovery();
      lastFault = fault;
      return fault;
    },
  };
}
