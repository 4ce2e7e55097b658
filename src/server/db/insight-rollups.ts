import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The step-time buckets: a quarter of an octave each (a bucket's upper bound is 1.19 times its
 * lower), from one second up, and one below a second. Counting the times of a period by bucket
 * finds the bucket that holds its median without reading the times themselves; only that bucket's
 * times are then read, so the median stays exact.
 */
export const stepTimeBounds: readonly number[] = [
  0,
  ...Array.from({ length: 80 }, (_, index) =>
    Math.round(1000 * 2 ** (index / 4)),
  ),
];

/** The bucket holding a step time: the last one whose lower bound is at most `ms`. */
export function bucketOf(ms: number): number {
  let low = 0;
  let high = stepTimeBounds.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((stepTimeBounds[middle] ?? Infinity) <= ms) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** `bucketOf` in SQL, for filling the buckets from stored times. */
const bucketSql = (ms: RawBuilder<unknown>) =>
  sql`case ${sql.join(
    stepTimeBounds
      .slice(1)
      .map(
        (bound, index) =>
          sql`when ${ms} < ${sql.lit(bound)} then ${sql.lit(index)}`,
      ),
    sql` `,
  )} else ${sql.lit(stepTimeBounds.length - 1)} end`;

/**
 * Fills the rollups from the stored events, as ingestion would have kept them: the distinct visits
 * per day, source, kind, step and answer; each visit's time from one step to the next; and those
 * times counted per day, source, step and bucket.
 */
export async function fillInsightRollups(db: Kysely<unknown>) {
  await sql`
    insert into insight_counts (day, source, medium, campaign, kind, step, path, visits)
    select day, source, medium, coalesce(campaign, ''), 'visit', -1, '', count(*)
    from insight_visits
    group by day, source, medium, coalesce(campaign, '')`.execute(db);
  // The visit event itself is not counted: the visit's row is.
  await sql`
    insert into insight_counts (day, source, medium, campaign, kind, step, path, visits)
    select e.day, e.source, v.medium, coalesce(v.campaign, ''), e.kind, coalesce(e.step, -1),
      coalesce(e.path, ''), count(*)
    from insight_events e join insight_visits v on v.visit_id = e.visit_id
    where e.kind <> 'visit'
    group by e.day, e.source, v.medium, coalesce(v.campaign, ''), e.kind, coalesce(e.step, -1),
      coalesce(e.path, '')`.execute(db);
  await sql`
    insert into insight_step_times (visit_id, day, source, step, ms)
    select here.visit_id, here.day, here.source, here.step, later.ms - here.ms
    from insight_events here
    join insight_events later
      on later.visit_id = here.visit_id and later.kind = 'step'
      and coalesce(later.step, -1) = here.step + 1 and coalesce(later.path, '') = ''
    where here.kind = 'step' and later.ms >= here.ms`.execute(db);
  await sql`
    insert into insight_step_time_counts (day, source, step, bucket, visits)
    select day, source, step, bucket, count(*)
    from (
      select day, source, step, ${bucketSql(sql`ms`)} as bucket from insight_step_times
    ) timed
    group by day, source, step, bucket`.execute(db);
}
