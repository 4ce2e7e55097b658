import { sql } from 'kysely';
import { platformKeys } from '#engine/platforms.ts';
import type { InboxFacets } from '#review-api/inbox.ts';
import type { Database } from '../db/database.ts';

/**
 * What occurs among the stored applications, most frequent first: their countries, platforms,
 * tags, sources and languages. The inbox's filters offer these, not every country and platform there is.
 */
export async function inboxFacetsOf(database: Database): Promise<InboxFacets> {
  const { db } = database;
  const [countries, platforms, tags, sources, languages] = await Promise.all([
    db
      .selectFrom('applications')
      .select(['country_code', (eb) => eb.fn.countAll().as('count')])
      .where('country_code', 'is not', null)
      .groupBy('country_code')
      .execute(),
    // One pass over the rows for every platform at once.
    db
      .selectFrom('applications')
      .select(
        platformKeys.map((platform) =>
          sql<
            string | number
          >`sum(case when platforms like ${`%"platform":"${platform}"%`} then 1 else 0 end)`.as(
            platform,
          ),
        ),
      )
      .executeTakeFirst(),
    db
      .selectFrom('tags')
      .select(['tag', (eb) => eb.fn.countAll().as('count')])
      .groupBy('tag')
      .execute(),
    db
      .selectFrom('applications')
      .select(['source', (eb) => eb.fn.countAll().as('count')])
      .where('source', 'is not', null)
      .groupBy('source')
      .execute(),
    db
      .selectFrom('applications')
      .select(['language', (eb) => eb.fn.countAll().as('count')])
      .where('language', 'is not', null)
      .groupBy('language')
      .execute(),
  ]);
  const byCount = <T extends { count: number }>(
    rows: T[],
    nameOf: (row: T) => string,
  ) =>
    rows.sort(
      (a, b) => b.count - a.count || nameOf(a).localeCompare(nameOf(b)),
    );
  return {
    countries: byCount(
      countries.map((row) => ({
        code: row.country_code ?? '',
        count: Number(row.count),
      })),
      (row) => row.code,
    ),
    platforms: byCount(
      platformKeys
        .map((platform) => ({
          platform,
          count: Number(platforms?.[platform] ?? 0),
        }))
        .filter((row) => row.count > 0),
      (row) => row.platform,
    ),
    tags: byCount(
      tags.map((row) => ({ tag: row.tag, count: Number(row.count) })),
      (row) => row.tag,
    ),
    sources: byCount(
      sources.map((row) => ({
        source: row.source ?? '',
        count: Number(row.count),
      })),
      (row) => row.source,
    ),
    languages: byCount(
      languages.map((row) => ({
        language: row.language ?? '',
        count: Number(row.count),
      })),
      (row) => row.language,
    ),
  };
}
