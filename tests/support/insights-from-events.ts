import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database.ts';
import type { InsightPeriod } from '../../src/server/db/insights-read.ts';

/**
 * Insights answered straight from the stored events, with no rollup: what the rollups must agree
 * with, and the baseline their speed is compared to.
 */
export async function insightsFromEvents(
  { db }: Database,
  period: InsightPeriod,
) {
  const ofSource = (table: string) =>
    sql`${
      period.source === undefined
        ? sql``
        : sql`and ${sql.ref(`${table}.source`)} = ${period.source}`
    } ${
      period.call === undefined
        ? sql``
        : sql`and ${sql.ref(`${table}.call`)} = ${period.call}`
    }`;
  const { rows: visits } = await sql<{ count: number | string }>`
    select count(*) as count from insight_visits
    where day >= ${period.from} and day <= ${period.to} ${ofSource('insight_visits')}`.execute(
    db,
  );
  const { rows: kinds } = await sql<{
    kind: string;
    step_id: string | null;
    count: number | string;
  }>`
    select kind, step_id, count(*) as count from insight_events
    where kind in ('step', 'submitted', 'signIn')
      and day >= ${period.from} and day <= ${period.to} ${ofSource('insight_events')}
    group by kind, step_id`.execute(db);
  // Each visit's time from reaching a step to reaching the next, ranked; the middle one or two.
  const { rows: medians } = await sql<{
    step_id: string;
    median_ms: number | string;
    visits: number | string;
  }>`
    with spent as (
      select here.step_id, later.ms - here.ms as ms
      from insight_events here
      join insight_events later
        on later.visit_id = here.visit_id and later.kind = 'step' and later.step = here.step + 1
      where here.kind = 'step' and here.day >= ${period.from} and here.day <= ${period.to}
        ${ofSource('here')} and later.ms >= here.ms
    ),
    ranked as (
      select step_id, ms, row_number() over (partition by step_id order by ms) as position,
        count(*) over (partition by step_id) as total
      from spent
    )
    select step_id, avg(ms) as median_ms, max(total) as visits from ranked
    where position in ((total + 1) / 2, (total + 2) / 2)
    group by step_id order by step_id`.execute(db);
  const countOf = (kind: string) =>
    Number(kinds.find((row) => row.kind === kind)?.count ?? 0);
  return {
    visits: Number(visits[0]?.count ?? 0),
    reachedByStep: new Map(
      kinds
        .filter((row) => row.kind === 'step')
        .map((row): [string, number] => [
          String(row.step_id),
          Number(row.count),
        ])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
    submitted: countOf('submitted'),
    signInClicked: countOf('signIn'),
    stepTimes: medians.map((row) => ({
      step: row.step_id,
      medianMs: Math.round(Number(row.median_ms)),
      visits: Number(row.visits),
    })),
  };
}
