import { sql, type RawBuilder } from 'kysely';
import type { InboxFilters } from '#review-api/inbox.ts';
import { isLiteralSearch } from '#review-api/search-words.ts';
import type { Database } from './database.ts';
import { searchMatchOf } from './search-text.ts';

/** `text` anywhere, as a LIKE pattern with its wildcards escaped. */
const likePattern = (text: string) =>
  `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

// A name is a hidden field's (lower case, digits and `_`), so it makes a plain JSON path.
const hiddenValueOf = (engine: Database['engine'], name: string) =>
  engine === 'postgres'
    ? sql<string>`hidden ->> ${name}`
    : sql<string>`json_extract(hidden, ${`$.${name}`})`;

/**
 * The filters a search answers from its own rows, without reading an application's: their columns
 * are in the index on `search_key` on SQLite, and copied into `application_search` on PostgreSQL
 * (`search-key-migration.ts`). `table` holds those columns.
 */
export function searchTableConditions(
  table: 'applications' | 'application_search',
  filters: InboxFilters,
): Array<RawBuilder<boolean>> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const { call, country, language, receivedFrom, receivedTo } = filters;
  return [
    ...(filters.duplicates
      ? []
      : [sql<boolean>`${column('duplicate_of')} is null`]),
    ...(call ? [sql<boolean>`${column('call_slug')} = ${call}`] : []),
    ...(country ? [sql<boolean>`${column('country_code')} = ${country}`] : []),
    ...(language ? [sql<boolean>`${column('language')} = ${language}`] : []),
    ...(receivedFrom
      ? [sql<boolean>`${column('received_at')} >= ${receivedFrom}`]
      : []),
    ...(receivedTo
      ? [sql<boolean>`${column('received_at')} < ${receivedTo}`]
      : []),
  ];
}

/**
 * The filters `searchTableConditions` leaves to the applications' rows (second applications
 * included, as those conditions decide about them); null when there is none.
 */
export function otherFiltersOf(filters: InboxFilters): InboxFilters | null {
  const {
    search: _search,
    duplicates: _duplicates,
    call: _call,
    country: _country,
    language: _language,
    receivedFrom: _receivedFrom,
    receivedTo: _receivedTo,
    hidden,
    ...others
  } = filters;
  const isFiltered =
    Object.keys(hidden ?? {}).length > 0 ||
    Object.values(others).some((value) => value !== undefined);
  return isFiltered ? { ...others, hidden, duplicates: true } : null;
}

/**
 * Applications matching the inbox's filters: the search's words starting words of what the
 * applicant wrote (a literal search as typed in the name, e-mail or a handle); a country, a
 * platform, a minimum reach, a hidden field's value; a person's second applications to a call
 * only when asked for. `storedBefore`: of a word search, only what was stored before that search
 * key.
 */
export function matchingApplications(
  database: Database,
  filters: InboxFilters,
  storedBefore?: number,
) {
  let query = database.db.selectFrom('applications');
  const { search, platform, minReach } = filters;
  if (search && isLiteralSearch(search)) {
    const pattern = likePattern(search.toLowerCase());
    query = query.where((where) =>
      where.or([
        where(sql`lower(full_name)`, 'like', sql`${pattern} escape '\\'`),
        where(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
        where(sql`handles`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  } else if (search)
    query = query.where(
      searchMatchOf(database.engine, search, storedBefore) ??
        sql<boolean>`1 = 0`,
    );
  for (const condition of searchTableConditions('applications', filters))
    query = query.where(condition);
  if (filters.eligible)
    query = query.where('eligible', '=', filters.eligible === 'yes' ? 1 : 0);
  if (filters.source) query = query.where('source', '=', filters.source);
  for (const [name, value] of Object.entries(filters.hidden ?? {}))
    query = query.where(hiddenValueOf(database.engine, name), '=', value);
  if (platform)
    query = query.where(
      sql`platforms`,
      'like',
      sql`${likePattern(`"platform":"${platform}"`)} escape '\\'`,
    );
  if (minReach !== undefined) query = query.where('reach', '>=', minReach);
  if (filters.verified) query = query.where('verified_reach', 'is not', null);
  if (filters.hasNote)
    query = query.where((where) =>
      where.exists(
        where
          .selectFrom('notes')
          .select('notes.id')
          .whereRef('notes.application_id', '=', 'applications.id'),
      ),
    );
  const { tag } = filters;
  if (tag)
    query = query.where((where) =>
      where.exists(
        where
          .selectFrom('tags')
          .select('tags.tag')
          .whereRef('tags.application_id', '=', 'applications.id')
          .where('tags.tag', '=', tag),
      ),
    );
  return query;
}
