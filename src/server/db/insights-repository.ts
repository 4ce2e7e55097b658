import type { Database } from './database.ts';
import { createInsightsIngest } from './insights-ingest.ts';
import { purgeExpiredInsights } from './insights-purge.ts';
import { createInsightsReader } from './insights-read.ts';

/**
 * The wizard's anonymous events: recorded as they come, counted over distinct visits, purged after
 * 13 months.
 */
export function createInsightsRepository(
  database: Database,
  now: () => Date = () => new Date(),
) {
  return {
    ...createInsightsIngest(database, now),
    ...createInsightsReader(database),
    /** Deletes what is older than 13 months; returns how many events went. */
    purge: () => purgeExpiredInsights(database, now()),
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
