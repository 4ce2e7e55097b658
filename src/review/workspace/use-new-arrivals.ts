import { useQuery } from '@tanstack/react-query';
import type { InboxQuery, StageCounts } from '#review-api/inbox.ts';
import { inboxArrivalsQuery, totalOf } from '#review/lib/queries.ts';

/** How often the inbox asks whether applications have arrived since it was read. */
const pollMs = 20_000;

/**
 * How many applications matching the filters arrived since the inbox was read. The list itself does
 * not move under the reader; the workspace offers to show them.
 */
export function useNewArrivals(
  query: InboxQuery,
  counts: StageCounts | null,
): number {
  const latest = useQuery({
    ...inboxArrivalsQuery(query),
    refetchInterval: pollMs,
    staleTime: pollMs,
    enabled: counts !== null,
  });
  if (counts === null || latest.data === undefined) return 0;
  return Math.max(latest.data - totalOf(counts), 0);
}
