import type { Database } from './db/database.ts';
import { storageFaultOf } from './db/storage-fault.ts';

/** A load balancer may ask every second; the disk is written at most this often. */
const writeProbeEveryMs = 5000;

type Probe = { at: number; fault: Promise<string | undefined> };

/**
 * Health as a submission would find it: the database answers a read, and a write reaches the disk.
 * The write (one row, rewritten) runs at most once per interval and its outcome is kept until the
 * next; answers in between read only. A failing write is logged once per probe with its cause.
 */
export function createHealthCheck(
  database: Database,
  {
    probeEveryMs = writeProbeEveryMs,
    now = Date.now,
    onFault,
  }: {
    probeEveryMs?: number;
    now?: () => number;
    onFault: (fault: string, error: unknown) => void;
  },
) {
  let probe: Probe | undefined;

  const probeWrite = async (at: number): Promise<string | undefined> => {
    const probedAt = new Date(at).toISOString();
    try {
      await database.db
        .insertInto('health_probe')
        .values({ id: 1, probed_at: probedAt })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet({ probed_at: probedAt }),
        )
        .execute();
      return undefined;
    } catch (error) {
      const fault = storageFaultOf(error) ?? 'a write to the database failed';
      onFault(fault, error);
      return fault;
    }
  };

  return {
    /** Undefined when healthy; otherwise why not. */
    async problem(): Promise<string | undefined> {
      const at = now();
      if (!probe || at - probe.at >= probeEveryMs)
        probe = { at, fault: probeWrite(at) };
      try {
        await database.db
          .selectFrom('applications')
          .select('id')
          .limit(1)
          .execute();
      } catch (error) {
        return storageFaultOf(error) ?? 'a read from the database failed';
      }
      return probe.fault;
    },
  };
}
