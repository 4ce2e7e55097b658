import type { Kysely } from 'kysely';
import type { PlatformAnswer } from '#engine/payload.ts';
import type { DatabaseSchema } from '../db/tables.ts';
import type { ReachTables } from './reach-queue.ts';

/** What an application's applicant typed for one platform, and what the platform itself counts (null until it has). */
export type ReachCounts = { stated: number; verified: number | null };

/** A look-up's counts as the database gives them: PostgreSQL's bigints come as text. */
export const reachCountsFrom = (
  stated: number | string,
  verified: number | string | null,
): ReachCounts => ({
  stated: Number(stated),
  verified: verified === null ? null : Number(verified),
});

/**
 * The stated and verified counts of many applications at once, by application and platform: one
 * read of the look-ups' index per batch, as an export or an eligibility check reads them. The
 * verified count is the platform's last: kept while a "Check again" is under way, gone once the
 * platform no longer shows the account.
 */
export async function reachCountsOf(
  db: Kysely<DatabaseSchema>,
  applicationIds: readonly string[],
): Promise<Map<string, Map<string, ReachCounts>>> {
  const counts = new Map<string, Map<string, ReachCounts>>();
  if (applicationIds.length === 0) return counts;
  const rows = await db
    .withTables<ReachTables>()
    .selectFrom('reach_checks')
    .select(['application_id', 'platform', 'stated', 'verified'])
    .where('application_id', 'in', [...applicationIds])
    .execute();
  for (const row of rows) {
    let platforms = counts.get(row.application_id);
    if (!platforms) {
      platforms = new Map();
      counts.set(row.application_id, platforms);
    }
    platforms.set(row.platform, reachCountsFrom(row.stated, row.verified));
  }
  return counts;
}

/** An application's platforms as typed, each with the platform's own count where it has given one. */
export const withVerified = (
  platforms: readonly PlatformAnswer[],
  counts: ReadonlyMap<string, ReachCounts> | undefined,
) =>
  platforms.map((answer) => ({
    ...answer,
    verified: counts?.get(answer.platform)?.verified ?? null,
  }));
