import type { Kysely } from 'kysely';
import { unmetEligibility } from '#engine/calls.ts';
import type { PlatformAnswer } from '#engine/payload.ts';
import { eligibilityOf } from '../calls/call-store.ts';
import { eligibilityColumnsOf } from '../db/application-rows.ts';
import type { DatabaseSchema } from '../db/tables.ts';
import { reachCountsOf, withVerified } from './reach-counts.ts';

/**
 * Judges applications again by their calls' rules once a platform has given its own count: a call's
 * `minFollowers` reads the verified count where there is one. Only applications whose call has such
 * a rule are read; a judgement that stands is not written.
 */
export async function rejudgeByVerifiedCounts(
  db: Kysely<DatabaseSchema>,
  applicationIds: readonly string[],
): Promise<void> {
  if (applicationIds.length === 0) return;
  const rows = await db
    .selectFrom('applications')
    .innerJoin('calls', 'calls.slug', 'applications.call_slug')
    .select([
      'applications.id',
      'applications.country_code',
      'applications.platforms',
      'applications.eligibility',
      'calls.eligibility as rules',
    ])
    .where('applications.id', 'in', [...applicationIds])
    .where('calls.eligibility', 'is not', null)
    .execute();
  const judged = rows.flatMap((row) => {
    const rules = eligibilityOf(row.rules);
    return rules?.minFollowers ? [{ row, rules }] : [];
  });
  if (judged.length === 0) return;
  const reach = await reachCountsOf(
    db,
    judged.map(({ row }) => row.id),
  );
  for (const { row, rules } of judged) {
    const columns = eligibilityColumnsOf(
      unmetEligibility(rules, {
        countryCode: row.country_code,
        platforms: withVerified(
          JSON.parse(row.platforms) as PlatformAnswer[],
          reach.get(row.id),
        ),
      }),
    );
    if (columns.eligibility === row.eligibility) continue;
    await db
      .updateTable('applications')
      .set(columns)
      .where('id', '=', row.id)
      .execute();
  }
}
