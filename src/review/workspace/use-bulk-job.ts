import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BulkJob } from '#review-api/application.ts';
import { bulkJobQuery } from '#review/lib/queries.ts';

// Often enough that the count visibly moves (a chunk of 500 takes a fraction of a second).
const pollMs = 500;

/**
 * A bulk job's progress, read again while it runs; `onEnded` is told once it ends. Null: no job.
 */
export function useBulkJob(id: string | null, onEnded: (job: BulkJob) => void) {
  const job = useQuery({
    ...bulkJobQuery(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.state === 'running' ? pollMs : false,
  });
  const ended = job.data && job.data.state !== 'running' ? job.data : null;
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!ended || told.current === ended.id) return;
    told.current = ended.id;
    onEnded(ended);
  }, [ended, onEnded]);
  return job;
}
