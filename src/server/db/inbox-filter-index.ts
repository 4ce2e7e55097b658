import { FromNode, RawNode, SelectQueryNode, type KyselyPlugin } from 'kysely';
import type { InboxFilters } from '#review-api/inbox.ts';
import type { Database } from './database.ts';

/** Whether a filter's value narrows the inbox: `matchingApplications` passes over the others. */
const narrows = (value: unknown) =>
  typeof value === 'object' && value !== null
    ? Object.keys(value).length > 0
    : value !== undefined && value !== false && value !== '';

/**
 * Whether at least one filter narrows and every one that does is a column of SQLite's
 * `applications_filters` (`inbox-filters-migration.ts`); PostgreSQL's indexes hold the same columns.
 */
export function narrowsByIndexedColumns(filters: InboxFilters): boolean {
  const {
    call,
    country,
    language,
    platform,
    minReach,
    verified,
    eligible,
    duplicates: _duplicates,
    ...others
  } = filters;
  return (
    [call, country, language, platform, minReach, verified, eligible].some(
      narrows,
    ) && !Object.values(others).some(narrows)
  );
}

/**
 * Whether SQLite counts these filters from `applications_filters`. Without a filter, the index of
 * stages alone is quicker; with another, the rows are read anyway.
 */
export const isCountedFromFilterIndex = (
  database: Database,
  filters: InboxFilters,
): boolean => database.engine === 'sqlite' && narrowsByIndexedColumns(filters);

// SQLite's planner reads such counts in stage order through the index of stages, then every
// application's row for the filters' columns: `indexed by` names the index that holds them.
export const throughFilterIndex: KyselyPlugin = {
  transformQuery: ({ node }) =>
    SelectQueryNode.is(node)
      ? {
          ...node,
          from: FromNode.create([
            RawNode.createWithSql(
              '"applications" indexed by "applications_filters"',
            ),
          ]),
        }
      : node,
  transformResult: async ({ result }) => result,
};
