import { queryOptions } from '@tanstack/react-query';
import type { WizardConfig } from '#engine/config-schema.ts';
import { listFormVersions, readFormVersion } from '#review-api/form.ts';
import { call } from '#review/lib/api.ts';
import { answerKeysOf } from './block-factory.ts';
import { readFormAfterLeaving } from './draft-saver.ts';

/** Everything the editor reads about one call's form sits under this key, so it can forget it all as it closes. */
export const formKey = (slug: string) => ['form', slug] as const;

export const formQuery = (slug: string) =>
  queryOptions({
    queryKey: [...formKey(slug), 'draft'],
    queryFn: () => readFormAfterLeaving(slug),
    // Read once: the editor's own state is the truth while it is open (and forgotten as it closes).
    staleTime: Infinity,
  });

export const formVersionsQuery = (slug: string) =>
  queryOptions({
    queryKey: [...formKey(slug), 'versions'],
    queryFn: () => call(listFormVersions, { params: { slug } }),
  });

/** The answer keys of a published version, whose stored answers a renamed key would orphan. */
export const publishedKeysQuery = (slug: string, version: number) =>
  queryOptions({
    queryKey: [...formKey(slug), 'answer-keys', version],
    queryFn: async () =>
      answerKeysOf(
        (
          await call(readFormVersion, {
            params: { slug, version: String(version) },
          })
        ).config as WizardConfig,
      ),
    // A version never changes.
    staleTime: Infinity,
  });
