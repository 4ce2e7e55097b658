import { sql } from 'kysely';
import type { PlatformAnswer } from '#engine/payload.ts';
import type { Stage } from '#engine/stages.ts';
import type { InboxFilters, InboxSort } from '#review-api/inbox.ts';
import { callFactsOf, type CallFacts } from './application-rows.ts';
import type { Database } from './database.ts';
import { throughFilterIndex } from './inbox-filter-index.ts';
import { matchingApplications } from './inbox-matching.ts';
import { rankedSearchPage, type RankedRow } from './search-queries.ts';
import { fullTextQueryOf } from './search-text.ts';

export type ApplicationSummary = CallFacts & {
  id: string;
  pageId: string;
  receivedAt: string;
  name: string;
  email: string;
  countryCode: string | null;
  platforms: PlatformAnswer[];
  /** The sum of the followers of its platforms. */
  reach: number;
  /** The platforms' own counts and what was typed for the same platforms; null while none was found. */
  verifiedReach: { verified: number; stated: number } | null;
  stage: Stage;
  /** Up votes minus down votes of the staff. */
  netVotes: number;
  tags: string[];
  /** The same person's first application to the call, when this is a second one. */
  duplicateOf: string | null;
  /** The language it was written in; null when stored before forms had languages. */
  language: string | null;
};

/** The last row of a page: where the next one starts, in the order of the sort. */
export type InboxCursor = {
  receivedAt: string;
  id: string;
  reach?: number;
  votes?: number;
  /** Its platforms' own count, null without one, when the page was sorted by it. */
  verifiedReach?: number | null;
  /** How well it matched the search, when the page was ranked by it. */
  score?: number;
  /** Of a ranked page, where the ranking began (see `rankedSearchPage`). */
  rankedFrom?: number;
};

// Net votes: up minus down, 0 without any (see vote-count-migration.ts).
const netVotes = sql.ref<number>('applications.net_votes');

// What the applicant typed for the platforms whose own count was found: `verified_reach`'s platforms.
const verifiedStated = sql<
  number | string | null
>`(select sum(stated) from reach_checks where reach_checks.application_id = applications.id and reach_checks.status = 'verified')`;

const summaryColumns = [
  'id',
  'page_id',
  'received_at',
  'full_name',
  'email',
  'country_code',
  'stage',
  'reach',
  'verified_reach',
  'platforms',
  'call_slug',
  'eligibility',
  'late',
  'duplicate_of',
  'language',
] as const;

/** The summary rows of these applications, in the order of their ids. */
async function summaryRowsOf(database: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await database.db
    .selectFrom('applications')
    .select(summaryColumns)
    .select(netVotes.as('net_votes'))
    .select(verifiedStated.as('verified_stated'))
    .where('id', 'in', ids)
    .execute();
  const rowOfId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rowOfId.get(id);
    return row ? [row] : [];
  });
}

export type InboxRow = ApplicationSummary & {
  score?: number;
  rankedFrom?: number;
};

/**
 * A page of the inbox; `after` is the last row of the previous page (keyset pagination).
 * Ranked, the page's ids are found first (`rankedSearchPage`) and only their rows read after.
 */
export async function listInboxPage(
  database: Database,
  options: {
    limit: number;
    after?: InboxCursor | undefined;
    filters?: InboxFilters;
    stage?: Stage | undefined;
    sort?: InboxSort;
    /** Read through the filters' index (`throughFilterIndex`): for a view that holds few. */
    isThroughFilters?: boolean;
  },
): Promise<InboxRow[]> {
  const { db } = database;
  const byReach = options.sort === 'reach';
  const byVotes = options.sort === 'votes';
  const byVerified = options.sort === 'verified';
  const filters = options.filters ?? {};
  const { search } = filters;
  const { after, stage } = options;
  // A word search is ranked by how well each application matches, unless another order was chosen.
  const ranked =
    search &&
    (options.sort ?? 'relevance') === 'relevance' &&
    fullTextQueryOf(database.engine, search) !== null
      ? await rankedSearchPage(database, {
          search,
          filters,
          stage,
          after,
          limit: options.limit,
        })
      : null;
  // Sorted by other than date under a filter the indexes do not hold (a country), SQLite sought
  // every first application through an index on `duplicate_of` and sorted them all (65 to 200 ms at
  // 100,000), rather than walking the sort's index and skipping the others: `+` keeps the column
  // from its planner. PostgreSQL walks the sort's index, and has no `+` for text.
  const walksSortIndex =
    database.engine === 'sqlite' &&
    (byReach || byVotes || byVerified) &&
    !filters.duplicates;
  let query = matchingApplications(
    database,
    walksSortIndex ? { ...filters, duplicates: true } : filters,
  )
    .$if(walksSortIndex, (firsts) =>
      firsts.where(sql<boolean>`+duplicate_of is null`),
    )
    .$if(options.isThroughFilters === true, (few) =>
      few.withPlugin(throughFilterIndex),
    )
    .select(summaryColumns)
    .select(netVotes.as('net_votes'))
    .select(verifiedStated.as('verified_stated'))
    .$if(byReach, (sorted) => sorted.orderBy('reach', 'desc'))
    .$if(byVotes, (sorted) => sorted.orderBy(netVotes, 'desc'))
    .$if(byVerified, (sorted) => sorted.orderBy('verified_reach', 'desc'))
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (stage) query = query.where('stage', '=', stage);
  // By verified reach, those without a count come last, read by a query of their own: read
  // backward, PostgreSQL's index yields nulls first. A cursor with a null count is among them.
  const unverified = query.where('verified_reach', 'is', null);
  const isAmongVerified = byVerified && after?.verifiedReach !== null;
  if (isAmongVerified) query = query.where('verified_reach', 'is not', null);
  else if (byVerified) query = unverified;
  if (after)
    query = query.where((where) => {
      const older = where.or([
        where('received_at', '<', after.receivedAt),
        where.and([
          where('received_at', '=', after.receivedAt),
          where('id', '<', after.id),
        ]),
      ]);
      if (byReach)
        return where.or([
          where('reach', '<', after.reach ?? 0),
          where.and([where('reach', '=', after.reach ?? 0), older]),
        ]);
      if (byVotes)
        return where.or([
          where(netVotes, '<', after.votes ?? 0),
          where.and([where(netVotes, '=', after.votes ?? 0), older]),
        ]);
      if (isAmongVerified)
        return where.or([
          where('verified_reach', '<', after.verifiedReach ?? 0),
          where.and([
            where('verified_reach', '=', after.verifiedReach ?? 0),
            older,
          ]),
        ]);
      return older;
    });
  const rows = ranked
    ? await summaryRowsOf(
        database,
        ranked.map((row) => row.id),
      )
    : await query
        .execute()
        .then(async (found) =>
          isAmongVerified && found.length < options.limit
            ? [
                ...found,
                ...(await unverified
                  .limit(options.limit - found.length)
                  .execute()),
              ]
            : found,
        );
  const rankOf = new Map<string, RankedRow>(
    ranked?.map((row) => [row.id, row]),
  );
  const tagsOf = new Map<string, string[]>();
  if (rows.length > 0)
    for (const tagged of await db
      .selectFrom('tags')
      .select(['application_id', 'tag'])
      .where(
        'application_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('tag')
      .execute())
      tagsOf.set(tagged.application_id, [
        ...(tagsOf.get(tagged.application_id) ?? []),
        tagged.tag,
      ]);
  return rows.map((row) => ({
    ...callFactsOf(row),
    id: row.id,
    pageId: row.page_id,
    receivedAt: row.received_at,
    name: row.full_name,
    email: row.email,
    countryCode: row.country_code,
    platforms: JSON.parse(row.platforms) as PlatformAnswer[],
    reach: Number(row.reach),
    verifiedReach:
      row.verified_reach === null
        ? null
        : {
            verified: Number(row.verified_reach),
            stated: Number(row.verified_stated ?? 0),
          },
    stage: row.stage,
    netVotes: Number(row.net_votes ?? 0),
    tags: tagsOf.get(row.id) ?? [],
    duplicateOf: row.duplicate_of,
    language: row.language,
    ...(ranked && {
      score: rankOf.get(row.id)?.score,
      rankedFrom: rankOf.get(row.id)?.rankedFrom,
    }),
  }));
}
