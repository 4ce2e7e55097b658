import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InsightEvent, InsightReport } from '#engine/insights.ts';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import { insightsFromEvents } from '../../../tests/support/insights-from-events.ts';
import type { Database, DatabaseSchema } from './database.ts';
import { fillInsightRollups } from './insight-rollups.ts';
import { createInsightsRepository } from './insights-repository.ts';
import { buildMigrations } from './migrations.ts';

const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
const rollups = [
  'insight_counts',
  'insight_step_times',
  'insight_step_time_counts',
] as const;

/** A repeatable pseudo-random number in [0, 1). */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * The reports of `count` visits as the wizard may send them: each visit's events split over one to
 * three reports, a step reported again after a reload, a later step sometimes timed before an
 * earlier one, all reports in a shuffled order.
 */
function reportsOf(count: number, dayIndex: number): InsightReport[] {
  const random = randomFrom(dayIndex + 1);
  const pick = <T>(items: readonly T[]) =>
    items[Math.floor(random() * items.length)] as T;
  const reports = Array.from({ length: count }, (_, index) => {
    const id = `00000000-0000-4000-8000-${String(dayIndex * 10_000 + index).padStart(12, '0')}`;
    const events: InsightEvent[] = [{ type: 'visit', ms: 0 }];
    let ms = 0;
    for (let step = 0; step < 4 && random() < 0.8; step += 1) {
      ms += Math.floor(random() ** 3 * 600_000);
      events.push({
        type: 'step',
        step,
        ms: random() < 0.05 ? Math.floor(random() * 1000) : ms,
      });
      if (random() < 0.1) events.push({ type: 'step', step, ms: ms + 5000 });
      if (step === 1 && random() < 0.3)
        events.push({
          type: 'refused',
          step,
          paths: [
            pick(['personalInfo.emailAddress', 'personalInfo.firstName']),
          ],
          ms,
        });
    }
    if (random() < 0.3) events.push({ type: 'submitted', ms });
    if (random() < 0.1) events.push({ type: 'signIn', ms });
    const visit = {
      id,
      device: 'phone' as const,
      ...pick([
        { utmSource: 'newsletter', utmMedium: 'email' },
        { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring' },
        { referrer: 'partner.example' },
        {},
      ]),
    };
    const parts: InsightReport[] = [];
    for (let start = 0; start < events.length;) {
      const end = start + 1 + Math.floor(random() * 3);
      parts.push({ visit, events: events.slice(start, end) });
      start = end;
    }
    return parts;
  }).flat();
  return reports
    .map((report) => ({ report, order: random() }))
    .sort((a, b) => a.order - b.order)
    .map(({ report }) => report);
}

describe.each(engines)('insight rollups on %s', (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const scratch = await scratchDatabase(engine);
    database = await scratch.open();
    drop = scratch.drop;
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const rowsOf = async (table: (typeof rollups)[number]) =>
    (
      await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)}`.execute(database.db)
    ).rows
      .map((row) =>
        JSON.stringify(
          Object.entries(row)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, value]) => [key, String(value)]),
        ),
      )
      .sort();

  test('keeps the rollups as they would be filled from the stored events, whatever the order, repeats and writers', async () => {
    for (const [index, day] of days.entries()) {
      // Two processes writing at once, each with its group commit.
      const writers = [0, 1].map(() =>
        createInsightsRepository(database, () => new Date(`${day}T12:00:00Z`)),
      );
      // Each visit's first report first, then the rest at once: then both writers' transactions
      // find their visits stored, and may write events of the same visit at the same time.
      const reports = reportsOf(150, index);
      const isFirst = (report: InsightReport, at: number) =>
        reports.findIndex((other) => other.visit.id === report.visit.id) === at;
      for (const isFirstPart of [true, false])
        await Promise.all(
          reports
            .filter((report, at) => isFirst(report, at) === isFirstPart)
            .map((report, order) => writers[order % 2]?.record(report)),
        );
    }
    const kept = await Promise.all(rollups.map(rowsOf));
    expect(kept.map((rows) => rows.length)).not.toContain(0);
    for (const table of rollups) await database.db.deleteFrom(table).execute();
    await fillInsightRollups(database.db as Kysely<unknown>);
    expect(await Promise.all(rollups.map(rowsOf))).toEqual(kept);

    const insights = createInsightsRepository(database);
    for (const period of [
      { from: days[0] as string, to: days[2] as string },
      { from: days[1] as string, to: days[1] as string },
      {
        from: days[1] as string,
        to: days[2] as string,
        source: 'newsletter',
      },
    ]) {
      const { stepTimes, ...expected } = await insightsFromEvents(
        database,
        period,
      );
      expect(stepTimes.length, JSON.stringify(period)).toBe(3);
      expect(await insights.stepTimes(period), JSON.stringify(period)).toEqual(
        stepTimes,
      );
      const counts = await insights.counts(period);
      expect(
        {
          visits: counts.visits,
          reachedByStep: new Map(
            [...counts.reachedByStep].sort(([a], [b]) => a - b),
          ),
          submitted: counts.submitted,
          signInClicked: counts.signInClicked,
        },
        JSON.stringify(period),
      ).toEqual(expected);
    }
  });

  test('times a step once when two processes store the steps at its ends at the same time', async () => {
    const day = '2026-04-01';
    const [first, second] = [0, 1].map(() =>
      createInsightsRepository(database, () => new Date(`${day}T12:00:00Z`)),
    );
    const visits = Array.from({ length: 20 }, (_, index) => ({
      id: `00000000-0000-4000-8000-2000000000${String(index).padStart(2, '0')}`,
      device: 'phone' as const,
      utmSource: 'racing',
    }));
    await Promise.all(
      visits.map((visit) =>
        first?.record({ visit, events: [{ type: 'step', step: 0, ms: 0 }] }),
      ),
    );
    await Promise.all(
      visits.flatMap((visit) => [
        first?.record({ visit, events: [{ type: 'step', step: 1, ms: 1000 }] }),
        second?.record({
          visit,
          events: [{ type: 'step', step: 2, ms: 3000 }],
        }),
      ]),
    );
    expect(
      await createInsightsRepository(database).stepTimes({
        from: day,
        to: day,
        source: 'racing',
      }),
    ).toEqual([
      { step: 0, medianMs: 1000, visits: 20 },
      { step: 1, medianMs: 2000, visits: 20 },
    ]);
  });

  test('fills the rollups from the events stored before them when it migrates', async () => {
    const scratch = await scratchDatabase(engine);
    const older = new Kysely<DatabaseSchema>({
      dialect: scratch.url
        ? new PostgresDialect({
            pool: new pg.Pool({ connectionString: scratch.url }),
          })
        : new SqliteDialect({ database: new SQLite(scratch.sqlitePath) }),
    });
    try {
      const { error } = await new Migrator({
        db: older,
        provider: { getMigrations: async () => buildMigrations(engine) },
      }).migrateTo('024-form-images');
      expect(error).toBeUndefined();
      const visitIds = [1, 2, 3].map(
        (index) => `00000000-0000-4000-8000-30000000000${index}`,
      );
      await older
        .insertInto('insight_visits')
        .values(
          visitIds.map((visit_id) => ({
            visit_id,
            day: '2026-05-01',
            source: 'newsletter',
            medium: 'email',
            campaign: null,
            referrer: null,
            device: 'phone',
          })),
        )
        .execute();
      const event = (
        visit_id: string,
        kind: string,
        ms: number,
        step: number | null = null,
        path: string | null = null,
      ) => ({
        visit_id,
        day: '2026-05-01',
        source: 'newsletter',
        kind,
        step,
        path,
        ms,
      });
      await older
        .insertInto('insight_events')
        .values(
          visitIds.flatMap((visit, index) => [
            event(visit, 'visit', 0),
            event(visit, 'step', 0, 0),
            event(visit, 'step', 1000 * (index + 1), 1),
            ...(index === 0
              ? [
                  event(visit, 'refused', 2000, 1, 'personalInfo.firstName'),
                  event(visit, 'submitted', 3000),
                ]
              : []),
          ]),
        )
        .execute();
    } finally {
      await older.destroy();
    }
    const migrated = await scratch.open();
    try {
      const insights = createInsightsRepository(migrated);
      const period = { from: '2026-05-01', to: '2026-05-01' };
      const counts = await insights.counts(period);
      expect(counts).toMatchObject({
        visits: 3,
        reachedByStep: new Map([
          [0, 3],
          [1, 3],
        ]),
        submitted: 1,
        refused: [{ path: 'personalInfo.firstName', count: 1 }],
        sources: [
          {
            source: 'newsletter',
            medium: 'email',
            campaign: null,
            visits: 3,
            submitted: 1,
          },
        ],
      });
      expect(await insights.stepTimes(period)).toEqual([
        { step: 0, medianMs: 2000, visits: 3 },
      ]);
    } finally {
      await migrated.close();
      await scratch.drop();
    }
  });

  test('purges the rollups of what is older than 13 months with the events', async () => {
    const visitOn = (day: string, id: string) =>
      createInsightsRepository(
        database,
        () => new Date(`${day}T12:00:00Z`),
      ).record({
        visit: { id, device: 'desktop', utmSource: 'purged' },
        events: [
          { type: 'visit', ms: 0 },
          { type: 'step', step: 0, ms: 0 },
          { type: 'step', step: 1, ms: 4000 },
        ],
      });
    await visitOn('2025-01-19', '00000000-0000-4000-8000-100000000001');
    await visitOn('2025-01-20', '00000000-0000-4000-8000-100000000002');
    await createInsightsRepository(
      database,
      () => new Date('2026-02-20T12:00:00Z'),
    ).purge();
    for (const table of rollups)
      expect(
        await database.db
          .selectFrom(table)
          .select('day')
          .distinct()
          .where('source', '=', 'purged')
          .execute(),
        table,
      ).toEqual([{ day: '2025-01-20' }]);
  });
});
