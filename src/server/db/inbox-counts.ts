import { stages, type Stage } from '#engine/stages.ts';
import type { InboxFilters } from '#review-api/inbox.ts';
import { isLiteralSearch } from '#review-api/search-words.ts';
import type { Database } from './database.ts';
import {
  isCountedFromFilterIndex,
  narrowsByIndexedColumns,
  throughFilterIndex,
} from './inbox-filter-index.ts';
import { matchingApplications } from './inbox-matching.ts';
import { listInboxPage, type InboxRow } from './inbox-queries.ts';
import { searchCountsByStage } from './search-queries.ts';

/** How many a view may hold and still be read through the filters' index rather than in its order. */
const fewAtMost = 500;

/**
 * A page of the inbox and its counts per stage. Under filters the indexes hold, the counts are read
 * first, from those indexes: a view that holds nothing is not read at all, and on SQLite one that
 * holds a few is read through its filters' index, then sorted. Walking the sort's index instead,
 * SQLite read every application to find those few, and both engines every one to find none (100 to
 * 300 ms at 100,000 for a platform, a country and a minimum that match none). Otherwise both are
 * read at once.
 */
export async function listCountedPage(
  database: Database,
  options: Parameters<typeof listInboxPage>[1],
): Promise<{ rows: InboxRow[]; counts: Record<Stage, number> }> {
  const filters = options.filters ?? {};
  if (!narrowsByIndexedColumns(filters)) {
    const [rows, counts] = await Promise.all([
      listInboxPage(database, options),
      countByStage(database, filters),
    ]);
    return { rows, counts };
  }
  const counts = await countByStage(database, filters);
  const holds = options.stage
    ? counts[options.stage]
    : Object.values(counts).reduce((sum, count) => sum + count, 0);
  return {
    rows:
      holds === 0
        ? []
        : await listInboxPage(database, {
            ...options,
            // PostgreSQL's planner weighs the filters with its statistics.
            isThroughFilters:
              database.engine === 'sqlite' && holds <= fewAtMost,
          }),
    counts,
  };
}

/** How many applications matching the filters are in each stage. */
export async function countByStage(
  database: Database,
  filters: InboxFilters = {},
): Promise<Record<Stage, number>> {
  const { search } = filters;
  const counted = matchingApplications(database, filters)
    .select(['stage', (eb) => eb.fn.countAll<string | number>().as('count')])
    .groupBy('stage');
  const rows =
    search && !isLiteralSearch(search)
      ? await searchCountsByStage(database, search, filters)
      : await (
          isCountedFromFilterIndex(database, filters)
            ? counted.withPlugin(throughFilterIndex)
            : counted
        ).execute();
  const counts = Object.fromEntries(
    stages.map((stage) => [stage, 0]),
  ) as Record<Stage, number>;
  for (const row of rows) counts[row.stage] = Number(row.count);
  return counts;
}
