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

/** The tags in use, most used first, offered as a tag box is typed in (a native datalist). */
export function TagSuggestions({
  id,
  except = [],
}: {
  id: string;
  except?: readonly string[];
}) {
  const facets = useFacets();
  return (
    <datalist id={id}>
      {facets.data?.tags
        .filter((entry) => !except.includes(entry.tag))
        .map((entry) => (
          <option key={entry.tag} value={entry.tag} />
        ))}
    </datalist>
  );
}
