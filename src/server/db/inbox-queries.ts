import { sql } from 'kysely';
import type { PlatformAnswer } from '#engine/payload.ts';
import { stages, type Stage } from '#engine/stages.ts';
import type { InboxFilters, InboxSort } from '#review-api/inbox.ts';
import { isLiteralSearch } from '#review-api/search-words.ts';
import { callFactsOf, type CallFacts } from './application-rows.ts';
import type { Database } from './database.ts';
import { searchMatchOf, searchRankingOf } from './search-text.ts';

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
};

/** `text` anywhere, as a LIKE pattern with its wildcards escaped. */
const likePattern = (text: string) =>
  `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

// A name is a hidden field's (lower case, digits and `_`), so it makes a plain JSON path.
const hiddenValueOf = (engine: Database['engine'], name: string) =>
  engine === 'postgres'
    ? sql<string>`hidden ->> ${name}`
    : sql<string>`json_extract(hidden, ${`$.${name}`})`;

/**
 * Applications matching the inbox's filters: the search's words starting words of what the
 * applicant wrote (a literal search as typed in the name, e-mail or a handle); a country, a
 * platform, a minimum reach, a hidden field's value; a person's second applications to a call
 * only when asked for. `isRanked`: the search is left to the ranking joined to the query.
 */
export function matchingApplications(
  database: Database,
  filters: InboxFilters,
  isRanked = false,
) {
  let query = database.db.selectFrom('applications');
  const { search, country, platform, minReach, receivedFrom, receivedTo } =
    filters;
  if (search && isLiteralSearch(search)) {
    const pattern = likePattern(search.toLowerCase());
    query = query.where((where) =>
      where.or([
        where(sql`lower(full_name)`, 'like', sql`${pattern} escape '\\'`),
        where(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
        where(sql`handles`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  } else if (search && !isRanked)
    query = query.where(
      searchMatchOf(database.engine, search) ?? sql<boolean>`1 = 0`,
    );
  if (!filters.duplicates) query = query.where('duplicate_of', 'is', null);
  if (filters.call) query = query.where('call_slug', '=', filters.call);
  if (filters.eligible)
    query = query.where('eligible', '=', filters.eligible === 'yes' ? 1 : 0);
  if (country) query = query.where('country_code', '=', country);
  if (filters.source) query = query.where('source', '=', filters.source);
  if (filters.language) query = query.where('language', '=', filters.language);
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
  if (receivedFrom) query = query.where('received_at', '>=', receivedFrom);
  if (receivedTo) query = query.where('received_at', '<', receivedTo);
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

/** The rows of a ranked page, in the order of its ids, with their scores. */
async function rankedRows(
  database: Database,
  page: { execute: () => Promise<Array<{ id: string; score: number }>> },
) {
  const found = await page.execute();
  if (found.length === 0) return [];
  const rows = await database.db
    .selectFrom('applications')
    .select(summaryColumns)
    .select(netVotes.as('net_votes'))
    .select(verifiedStated.as('verified_stated'))
    .where(
      'id',
      'in',
      found.map((row) => row.id),
    )
    .execute();
  const rowOfId = new Map(rows.map((row) => [row.id, row]));
  return found.flatMap(({ id, score }) => {
    const row = rowOfId.get(id);
    return row ? [{ ...row, score }] : [];
  });
}

/**
 * A page of the inbox; `after` is the last row of the previous page (keyset pagination).
 * Ranked, the page's ids are found first and only their rows read after: every application a
 * common word finds is ranked, and reading each one's columns (and votes) to sort them took
 * longer than the ranking itself.
 */
export async function listInboxPage(
  database: Database,
  options: {
    limit: number;
    after?: InboxCursor | undefined;
    filters?: InboxFilters;
    stage?: Stage | undefined;
    sort?: InboxSort;
  },
): Promise<Array<ApplicationSummary & { score?: number }>> {
  const { db } = database;
  const byReach = options.sort === 'reach';
  const byVotes = options.sort === 'votes';
  const byVerified = options.sort === 'verified';
  const { search } = options.filters ?? {};
  // A search is ranked by how well each application matches, unless another order was chosen.
  const ranking =
    search && (options.sort ?? 'relevance') === 'relevance'
      ? searchRankingOf(database.engine, search)
      : null;
  let query = matchingApplications(
    database,
    options.filters ?? {},
    !!ranking?.table,
  )
    .$if(!!ranking?.table, (ranked) =>
      ranked.innerJoin(
        ranking?.table as NonNullable<typeof ranking>['table'] & object,
        'ranked.application_id',
        'applications.id',
      ),
    )
    .select(summaryColumns)
    .select(netVotes.as('net_votes'))
    .select(verifiedStated.as('verified_stated'))
    .select((ranking?.score ?? sql<number>`null`).as('score'))
    .$if(!!ranking, (sorted) => sorted.orderBy('score', 'desc'))
    .$if(byReach, (sorted) => sorted.orderBy('reach', 'desc'))
    .$if(byVotes, (sorted) => sorted.orderBy(netVotes, 'desc'))
    .$if(byVerified, (sorted) => sorted.orderBy('verified_reach', 'desc'))
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  const { after, stage } = options;
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
      if (ranking)
        return where.or([
          where(ranking.score, '<', after.score ?? 0),
          where.and([where(ranking.score, '=', after.score ?? 0), older]),
        ]);
      return older;
    });
  const rows = ranking
    ? await rankedRows(
        database,
        query.clearSelect().select(['id', ranking.score.as('score')]),
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
    ...(ranking && { score: Number(row.score) }),
  }));
}

/** How many applications matching the filters are in each stage. */
export async function countByStage(
  database: Database,
  filters: InboxFilters = {},
): Promise<Record<Stage, number>> {
  const rows = await matchingApplications(database, filters)
    .select(['stage', (eb) => eb.fn.countAll<string | number>().as('count')])
    .groupBy('stage')
    .execute();
  const counts = Object.fromEntries(
    stages.map((stage) => [stage, 0]),
  ) as Record<Stage, number>;
  for (const row of rows) counts[row.stage] = Number(row.count);
  return counts;
}
