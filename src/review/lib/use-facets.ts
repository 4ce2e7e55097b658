import { useQuery } from '@tanstack/react-query';
import { facetsQuery } from './queries.ts';

/** What occurs among the applications: their countries, platforms and tags, for the filters. */
export function useFacets() {
  return useQuery(facetsQuery);
}
