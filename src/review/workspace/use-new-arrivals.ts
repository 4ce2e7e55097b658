import { useQuery } from '@tanstack/react-query';
import {
  listInbox,
  type InboxQuery,
  type StageCounts,
} from '#review-api/inbox.ts';
import { call } from '#review/lib/api.ts';
import { queryKeys } from '#review/lib/query-keys.ts';

/** How often the inbox asks whether applications have arrived since it was read. */
const pollMs = 20_000;

const total = (counts: StageCounts) =>
  Object.values(counts).reduce((sum, count) => sum + count, 0);

/**
 * How many applications matching the filters arrived since the inbox was read. The list itself does
 * not move under the reader; the workspace offers to show them.
 */
export function useNewArrivals(
  filters: InboxQuery,
  counts: StageCounts | null,
): number {
  const latest = useQuery({
    queryKey: queryKeys.inboxArrivals(filters),
    queryFn: async () =>
      total(
        (await call(listInbox, { query: { ...filters, limit: '1' } })).counts,
      ),
    refetchInterval: pollMs,
    enabled: counts !== null,
  });
  if (counts === null || latest.data === undefined) return 0;
  return Math.max(latest.data - total(counts), 0);
}
