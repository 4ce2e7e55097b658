import { useFacets } from './use-facets.ts';

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
