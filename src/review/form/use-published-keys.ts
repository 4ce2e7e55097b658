import { useQuery } from '@tanstack/react-query';
import type { WizardConfig } from '#engine/config-schema.ts';
import { readFormVersion } from '#review-api/form.ts';
import { call } from '#review/lib/api.ts';
import { queryKeys } from '#review/lib/query-keys.ts';
import { answerKeysOf } from './block-factory.ts';

/**
 * The answer keys of the version the editor edits from (the published one after a publish or a
 * restore), whose stored answers a renamed key would orphan; null until they are known.
 */
export function usePublishedKeys(version: number): ReadonlySet<string> | null {
  const published = useQuery({
    // Under the form's key, so the editor forgets it as it closes.
    queryKey: [...queryKeys.form, 'answer-keys', version],
    queryFn: async () =>
      answerKeysOf(
        (
          await call(readFormVersion, {
            params: { version: String(version) },
          })
        ).config as WizardConfig,
      ),
    enabled: version > 0,
    // A version never changes.
    staleTime: Infinity,
  });
  return published.data ?? null;
}
