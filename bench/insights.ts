import { measureOnEachEngine } from './support/each-engine.ts';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { scratchDatabase } from '../tests/support/databases.ts';
import { fillRollupsByStep } from '../src/server/db/insight-migrations.ts';
import { exampleCall, exampleStepIds } from '../tests/support/fixtures.ts';
import { insightsFromEvents } from '../tests/support/insights-from-events.ts';
import type { InsightPeriod } from '../src/server/db/insights-read.ts';
import { createInsightsRepository } from '../src/server/db/insights-repository.ts';
import type { Database, Engine } from '../src/server/db/database.ts';
import { budgets } from './support/budgets.ts';

// The Insights screen's queries over one million stored events (about 232,000 visits over 13 months),
// on SQLite and (when TEST_DATABASE_URL answers) PostgreSQL: the counts and the median step times of
// each period the screen offers (7, 30 and 90 days, 12 months), of 30 days and of 13 months for one
// source, and of the whole 13 months kept. The events are stored as they are, then the rollups are
// filled from them as migration 028 does (its time printed). Prints the median of 10 runs of each
// and fails when any is past bench/budgets.json, or when its answer differs from the one read
// straight from the events, as before the rollups (its time, of one run, printed as the baseline).
const budget = budgets.insightsQueryMsMax ?? Infinity;
const visits = 232_000;
const days = 395;
const firstDay = '2025-10-28';
const runs = 10;

/** The day `count` days after `day` (before it when negative). */
const addDays = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000)
    .toISOString()
    .slice(0, 10);

/** Visit `n`'s columns, written in each engine's SQL. */
const expressions = (engine: Engine) =>
  engine === 'sqlite'
    ? {
        series: sql`with recursive s(n) as (select 0 union all select n + 1 from s where n < ${visits - 1})`,
        from: sql`s`,
        id: sql`'00000000-0000-4000-8000-' || printf('%012d', n)`,
        day: sql`date(${firstDay}, '+' || (n % ${days}) || ' days')`,
      }
    : {
        series: sql``,
        from: sql`generate_series(0, ${visits - 1}) as n`,
        id: sql`'00000000-0000-4000-8000-' || lpad(n::text, 12, '0')`,
        day: sql`to_char(date '2025-10-28' + (n % ${days}), 'YYYY-MM-DD')`,
      };

const source = sql`case n % 5 when 0 then 'newsletter' when 1 then 'instagram' when 2 then 'partner.example' else '(direct)' end`;

/**
 * When visit `n` reaches `step`: the times on its steps run from 3 s to 5 min, most of them short,
 * and differ between visits and steps.
 */
const reachedAt = (step: number) =>
  [0, 1, 2]
    .slice(0, step)
    .map((before) => {
      const spread = `((n * 7919 + ${before * 104_729}) % 1000)`;
      return `(3000 + ${spread} * ${spread} * 3 / 10)`;
    })
    .join(' + ') || '0';

/** The call every visit is of. */
const call = sql.lit(exampleCall);

/** Which events each visit has: every one a visit and the Welcome step; fewer go further. */
const eventKinds: Array<
  [kind: string, step: number | null, path: string | null, when: string]
> = [
  ['visit', null, null, '1 = 1'],
  ['step', 0, null, '1 = 1'],
  ['step', 1, null, 'n % 10 < 8'],
  ['step', 2, null, 'n % 10 < 5'],
  ['step', 3, null, 'n % 10 < 3'],
  ['submitted', null, null, 'n % 10 < 3'],
  ['signIn', null, null, 'n % 10 < 1'],
  ['refused', 1, 'personalInfo.emailAddress', 'n % 7 = 0'],
  ['refused', 1, 'personalInfo.firstName', 'n % 11 = 0'],
  ['refused', 2, 'fields.single.whatContent', 'n % 13 = 0'],
];

async function seed(database: Database) {
  const { db, engine } = database;
  const { series, from, id, day } = expressions(engine);
  await sql`
    ${series}
    insert into insight_visits (visit_id, day, call, source, medium, campaign, referrer, device)
    select ${id}, ${day}, ${call}, ${source}, case n % 5 when 0 then 'email' when 2 then 'referral' else '(none)' end,
      null, null, case n % 2 when 0 then 'phone' else 'desktop' end
    from ${from}`.execute(db);
  for (const [kind, step, path, when] of eventKinds)
    await sql`
      ${series}
      insert into insight_events (visit_id, day, call, source, kind, step_id, step, path, ms)
      select ${id}, ${day}, ${call}, ${source}, ${kind},
        ${step === null ? null : exampleStepIds[step]}, ${step}, ${path},
        ${sql.raw(kind === 'step' ? reachedAt(step ?? 0) : `${(step ?? 4) * 30_000} + (n % 1000) * 37`)}
      from ${from} where ${sql.raw(when)}`.execute(db);
  const { count } = await db
    .selectFrom('insight_events')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function measure(engine: Engine): Promise<boolean> {
  const scratch = await scratchDatabase(engine);
  const database = await scratch.open();
  const seeded = performance.now();
  const events = await seed(database);
  const filling = performance.now();
  await fillRollupsByStep(database.db as Kysely<unknown>);
  const filled = performance.now() - filling;
  // As autovacuum leaves a table that has been written: statistics, and PostgreSQL's visibility map.
  await sql`${sql.raw(database.engine === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(
    database.db,
  );
  const lastDay = addDays(firstDay, days - 1);
  // Counted as of the last seeded day, so nothing is purged and the periods are full.
  const insights = createInsightsRepository(
    database,
    () => new Date(`${lastDay}T12:00:00Z`),
  );
  const last = (count: number, source?: string): InsightPeriod => ({
    from: addDays(lastDay, 1 - count),
    to: lastDay,
    ...(source === undefined ? {} : { source }),
  });
  const periods: Record<string, InsightPeriod> = {
    'last 7 days': last(7),
    'last 30 days': last(30),
    'last 30 days, one source': last(30, 'newsletter'),
    'last 90 days': last(90),
    'last 12 months': last(365),
    'whole 13 months': { from: firstDay, to: lastDay },
    'whole 13 months, one source': {
      from: firstDay,
      to: lastDay,
      source: 'newsletter',
    },
  };
  process.stdout.write(
    `${engine}, ${events.toLocaleString('en')} events of ${visits.toLocaleString('en')} visits over ${days} days (seeded in ${((filling - seeded) / 1000).toFixed(1)} s, rollups filled from them in ${(filled / 1000).toFixed(1)} s; measured under load: the machine is shared)\n`,
  );
  let isWithin = true;
  const line = (name: string, ms: number, verdict: string) =>
    process.stdout.write(
      `  ${name.padEnd(62)} ${ms.toFixed(1).padStart(7)} ms  ${verdict}\n`,
    );
  for (const [name, period] of Object.entries(periods)) {
    const started = performance.now();
    const { stepTimes, ...counts } = await insightsFromEvents(database, period);
    line(
      `${name}: straight from the events`,
      performance.now() - started,
      'baseline',
    );
    for (const [query, run, expected] of [
      [
        'funnel, sources, days, refusals',
        async () => {
          const answer = await insights.counts(period);
          return {
            visits: answer.visits,
            reachedByStep: new Map(
              [...answer.reachedByStep].sort(([a], [b]) =>
                a < b ? -1 : a > b ? 1 : 0,
              ),
            ),
            submitted: answer.submitted,
            signInClicked: answer.signInClicked,
          };
        },
        counts,
      ],
      ['median time per step', () => insights.stepTimes(period), stepTimes],
    ] as const) {
      const times: number[] = [];
      let answer: unknown;
      for (let index = 0; index < runs; index += 1) {
        const started = performance.now();
        answer = await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(runs / 2)] ?? Infinity;
      const isSame = isDeepStrictEqual(answer, expected);
      const isWithinBudget = median <= budget;
      if (!isWithinBudget || !isSame) isWithin = false;
      line(
        `${name}: ${query}`,
        median,
        `${isWithinBudget ? 'within' : 'OUTSIDE'} max ${budget}${isSame ? '' : ', ANSWER DIFFERS from the events'}`,
      );
    }
  }
  await database.close();
  await scratch.drop();
  return isWithin;
}

await measureOnEachEngine(measure);
