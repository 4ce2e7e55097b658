import type { Database } from './database.ts';
import { dayOf } from './insights-ingest.ts';

/** How long events are kept: 13 months, then they are deleted. */
const keptMonths = 13;

/** The first day still kept on `now`: 13 calendar months back. */
export function firstKeptDay(now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - keptMonths);
  return dayOf(cutoff);
}

/** Deletes what is older than 13 months on `now`; returns how many events went. */
export async function purgeExpiredInsights(
  { db }: Database,
  now: Date,
): Promise<number> {
  const before = firstKeptDay(now);
  // At once, so that no reader sees a day's rollups without its times.
  return db.transaction().execute(async (transaction) => {
    const deleted = await transaction
      .deleteFrom('insight_events')
      .where('day', '<', before)
      .executeTakeFirst();
    for (const table of [
      'insight_visits',
      'insight_counts',
      'insight_step_times',
      'insight_step_time_counts',
    ] as const)
      await transaction.deleteFrom(table).where('day', '<', before).execute();
    return Number(deleted.numDeletedRows);
  });
}
