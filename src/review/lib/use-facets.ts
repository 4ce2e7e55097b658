import { useQuery } from '@tanstack/react-query';
import { inboxFacets } from '#review-api/inbox.ts';
import { call } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** What occurs among the applications: their countries, platforms and tags, for the filters. */
export function useFacets() {
  return useQuery({
    queryKey: queryKeys.facets,
    queryFn: () => call(inboxFacets),
  });
}
