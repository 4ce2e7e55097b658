import { useQuery, type QueryClient } from '@tanstack/react-query';
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

/** What arrivals are counted over: the filters, whatever the stage tab, the order or the page. */
const filtersOf = ({
  stage: _stage,
  sort: _sort,
  cursor: _cursor,
  limit: _limit,
  ...filters
}: InboxQuery): InboxQuery => filters;

/**
 * The inbox's first page counts what matches as it is read: that is the first answer here, so the
 * next question waits a whole interval (asked at once, it could race the page's own requests).
 */
export function rememberTotal(
  client: QueryClient,
  query: InboxQuery,
  counts: StageCounts,
): void {
  client.setQueryData(queryKeys.inboxArrivals(filtersOf(query)), total(counts));
}

/**
 * How many applications matching the filters arrived since the inbox was read. The list itself does
 * not move under the reader; the workspace offers to show them.
 */
export function useNewArrivals(
  query: InboxQuery,
  counts: StageCounts | null,
): number {
  const filters = filtersOf(query);
  const latest = useQuery({
    queryKey: queryKeys.inboxArrivals(filters),
    queryFn: async () =>
      total(
        (await call(listInbox, { query: { ...filters, limit: '1' } })).counts,
      ),
    refetchInterval: pollMs,
    staleTime: pollMs,
    enabled: counts !== null,
  });
  if (counts === null || latest.data === undefined) return 0;
  return Math.max(latest.data - total(counts), 0);
}
