import { sql, type Kysely } from 'kysely';
import type { Engine } from './database.ts';

// The platform keys when this migration was written: a migration keeps its own copy, as what it
// does must not change with the platform list.
const platforms = [
  'instagram',
  'facebook',
  'youtube',
  'twitter',
  'tiktok',
  'twitch',
  'website',
  'pinterest',
  'linkedin',
  'snapchat',
  'threads',
  'reddit',
] as const;

/**
 * What the filters offer (`inbox-facets.ts`), read from indexes in the order of their groups, and on
 * PostgreSQL the counts under a platform.
 *
 * Platforms: each was counted by matching every application's platforms as text (155 to 330 ms at
 * 100,000 applications). They are JSON with each handle, so no two applications share a value and
 * no index on them groups by platform. One partial index per platform holds only the applications
 * that name it, so counting one reads only them; a query uses it only when it states the index's
 * condition.
 *
 * SQLite: a platform's index needs a column and nothing reads it (the counts under a platform read
 * `applications_filters`, `inbox-filters-migration.ts`). The countries and languages were grouped
 * by sorting every entry of `applications_filters`, which leads with the platforms (16 to 50 ms);
 * each now has an index in its order. Those are over expressions (`|| ''` keeps a null null) so
 * that no filter's equality finds them: led by the country, a country's list sorted by reach
 * sorted a third of the table rather than walking the sort's index.
 *
 * PostgreSQL: `applications_facets` (039) already holds the countries in order. Its
 * index of the filters leaves the platforms out (an entry may not pass 2,704 bytes), so a count
 * under a platform read every row; its planner takes a platform's index for such a count, the
 * pattern bound as a parameter, as it plans with the value, and reads it alone as it holds the other
 * filters' columns. `duplicate_of` is included, not in the condition: what the filters offer counts
 * second applications too.
 */
export async function addFacetIndexes(
  db: Kysely<unknown>,
  engine: Engine,
): Promise<void> {
  for (const platform of platforms) {
    const name = sql.id(`applications_platform_${platform}`);
    const condition = sql`platforms like ${sql.lit(`%"platform":"${platform}"%`)}`;
    await (
      engine === 'postgres'
        ? sql`create index ${name} on applications (stage, call_slug, country_code, language)
          include (reach, verified_reach, eligible, duplicate_of) where ${condition}`
        : sql`create index ${name} on applications (stage) where ${condition}`
    ).execute(db);
  }
  if (engine === 'postgres') {
    await sql`analyze applications`.execute(db);
    return;
  }
  await sql`create index applications_countries on applications ((country_code || ''))`.execute(
    db,
  );
  await sql`create index applications_languages on applications ((language || ''))`.execute(
    db,
  );
  for (const index of [
    ...platforms.map((platform) => `applications_platform_${platform}`),
    'applications_countries',
    'applications_languages',
  ])
    await sql`analyze ${sql.id(index)}`.execute(db);
}
