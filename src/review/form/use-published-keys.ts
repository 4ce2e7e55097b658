import { useQuery } from '@tanstack/react-query';
import { useEditedCall } from './edited-call.ts';
import { publishedKeysQuery } from './form-queries.ts';

/**
 * The answer keys of the version the editor edits from (the published one after a publish or a
 * restore), whose stored answers a renamed key would orphan; null until they are known.
 */
export function usePublishedKeys(version: number): ReadonlySet<string> | null {
  const slug = useEditedCall();
  const published = useQuery({
    ...publishedKeysQuery(slug, version),
    enabled: version > 0,
  });
  return published.data ?? null;
}
