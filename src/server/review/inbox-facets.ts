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
  // On SQLite the countries and languages are grouped in the order of their indexes, which are over
  // these expressions (`facet-indexes-migration.ts`): its planner matches such an index only to
  // the expression as written. PostgreSQL reads the columns from `applications_facets`.
  const [country, language] =
    database.engine === 'sqlite'
      ? [
          sql<string | null>`country_code || ''`,
          sql<string | null>`language || ''`,
        ]
      : [
          sql.ref<string | null>('country_code'),
          sql.ref<string | null>('language'),
        ];
  const [countries, platforms, tags, sources, languages] = await Promise.all([
    db
      .selectFrom('applications')
      .select([
        country.as('country_code'),
        (eb) => eb.fn.countAll().as('count'),
      ])
      .where(country, 'is not', null)
      .groupBy(country)
      .execute(),
    // A count of its own per platform, each reading only the applications that name it from that
    // platform's partial index (`facet-indexes-migration.ts`): the planner takes the index only
    // when the query states its condition, so the pattern is written into the SQL, not bound.
    db
      .selectNoFrom((eb) =>
        platformKeys.map((platform) =>
          eb
            .selectFrom('applications')
            .select((counted) =>
              counted.fn.countAll<string | number>().as('count'),
            )
            .where(
              sql`platforms`,
              'like',
              sql.lit(`%"platform":"${platform}"%`),
            )
            .as(platform),
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
      .select([language.as('language'), (eb) => eb.fn.countAll().as('count')])
      .where(language, 'is not', null)
      .groupBy(language)
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
