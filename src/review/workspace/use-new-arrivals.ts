import { useEffect, useState } from 'react';
import type { Stage } from '#engine/stages.ts';
import { api } from '#review/lib/api.ts';

/** How often the inbox asks whether applications have arrived since it was read. */
const pollMs = 20_000;

const total = (counts: Record<Stage, number>) =>
  Object.values(counts).reduce((sum, count) => sum + count, 0);

/**
 * How many applications matching the filters arrived since the inbox was read. The list itself does
 * not move under the reader; the workspace offers to show them.
 */
export function useNewArrivals(
  filterQuery: string,
  counts: Record<Stage, number> | null,
): number {
  const [latest, setLatest] = useState<number | null>(null);
  const known = counts ? total(counts) : null;
  useEffect(() => {
    if (known === null) return;
    setLatest(known);
    const query = new URLSearchParams(filterQuery);
    query.set('limit', '1');
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      api<{ counts: Record<Stage, number> }>(
        `/api/review/applications?${query.toString()}`,
      ).then(
        (page) => setLatest(total(page.counts)),
        () => undefined,
      );
    }, pollMs);
    return () => clearInterval(timer);
  }, [filterQuery, known]);
  return known === null || latest === null ? 0 : Math.max(latest - known, 0);
}
