import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InsightEvent, InsightReport } from '#engine/insights.ts';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import { insightsFromEvents } from '../../../tests/support/insights-from-events.ts';
import {
  exampleCall as call,
  exampleConfig,
  exampleStepIds as stepIds,
} from '../../../tests/support/fixtures.ts';
import type { Database } from './database.ts';
import { fillRollupsByStep } from './insight-migrations.ts';
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
    for (const [place, step] of stepIds.entries()) {
      if (random() >= 0.8) break;
      ms += Math.floor(random() ** 3 * 600_000);
      events.push({
        type: 'step',
        step,
        ms: random() < 0.05 ? Math.floor(random() * 1000) : ms,
      });
      if (random() < 0.1) events.push({ type: 'step', step, ms: ms + 5000 });
      if (place === 1 && random() < 0.3)
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
      parts.push({ call, visit, events: events.slice(start, end) });
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
            .map((report, order) =>
              writers[order % 2]?.record(report, stepIds),
            ),
        );
    }
    const kept = await Promise.all(rollups.map(rowsOf));
    expect(kept.map((rows) => rows.length)).not.toContain(0);
    for (const table of rollups) await database.db.deleteFrom(table).execute();
    await fillRollupsByStep(database.db as Kysely<unknown>);
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
            [...counts.reachedByStep].sort(([a], [b]) =>
              a < b ? -1 : a > b ? 1 : 0,
            ),
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
        first?.record(
          { call, visit, events: [{ type: 'step', step: 'welcome', ms: 0 }] },
          stepIds,
        ),
      ),
    );
    await Promise.all(
      visits.flatMap((visit) => [
        first?.record(
          {
            call,
            visit,
            events: [{ type: 'step', step: 'general-information', ms: 1000 }],
          },
          stepIds,
        ),
        second?.record(
          {
            call,
            visit,
            events: [{ type: 'step', step: 'more-details', ms: 3000 }],
          },
          stepIds,
        ),
      ]),
    );
    expect(
      await createInsightsRepository(database).stepTimes({
        from: day,
        to: day,
        source: 'racing',
      }),
    ).toEqual([
      { step: 'general-information', medianMs: 2000, visits: 20 },
      { step: 'welcome', medianMs: 1000, visits: 20 },
    ]);
  });

  test('names the events stored by step place after the step of that place in the form of their day when it migrates', async () => {
    const scratch = await scratchDatabase(engine);
    const older = new Kysely<Record<string, Record<string, unknown>>>({
      dialect: scratch.url
        ? new PostgresDialect({
            pool: new pg.Pool({ connectionString: scratch.url }),
          })
        : new SqliteDialect({ database: new SQLite(scratch.sqlitePath) }),
    });
    const migrator = new Migrator({
      db: older,
      provider: { getMigrations: async () => buildMigrations(engine) },
    });
    const example = exampleConfig();
    const visitId = (index: number) =>
      `00000000-0000-4000-8000-30000000000${index}`;
    try {
      expect((await migrator.migrateTo('024-form-images')).error).toBe(
        undefined,
      );
      // Visits of three days, each step by its place in the form served then.
      const visits: Array<[day: string, places: number[], more?: string]> = [
        ['2026-04-30', [0, 1]],
        ['2026-05-02', [0, 1]],
        ['2026-05-02', [0, 1]],
        ['2026-05-02', [0, 1, 2], 'refused and submitted'],
        ['2026-05-04', [0, 1, 2]],
      ];
      await older
        .insertInto('insight_visits')
        .values(
          visits.map(([day], index) => ({
            visit_id: visitId(index),
            day,
            source: 'newsletter',
            medium: 'email',
            campaign: null,
            referrer: null,
            device: 'phone',
          })),
        )
        .execute();
      await older
        .insertInto('insight_events')
        .values(
          visits.flatMap(([day, places, more], index) => {
            const event = (
              kind: string,
              ms: number,
              step: number | null = null,
              path: string | null = null,
            ) => ({
              visit_id: visitId(index),
              day,
              source: 'newsletter',
              kind,
              step,
              path,
              ms,
            });
            return [
              event('visit', 0),
              ...places.map((place) => event('step', place * 1000, place)),
              ...(more
                ? [
                    event('refused', 1500, 1, 'personalInfo.firstName'),
                    event('submitted', 3000),
                  ]
                : []),
            ];
          }),
        )
        .execute();
      // Migration 025 counts them by place, as it always did.
      expect(
        (await migrator.migrateTo('026-applications-source-index')).error,
      ).toBe(undefined);
      // Version 1 from 1 May; version 2, from 3 May, inserts Your Trip before General Information.
      const [welcome, ...rest] = example.steps;
      await older
        .insertInto('form_versions')
        .values(
          [
            ['2026-05-01T09:00:00.000Z', example.steps],
            [
              '2026-05-03T15:00:00.000Z',
              [welcome, { name: 'Your Trip', blocks: [] }, ...rest],
            ],
          ].map(([at, steps], index) => ({
            number: index + 1,
            config: JSON.stringify({ ...example, steps }),
            config_hash: `hash-${index}`,
            published_at: at,
            published_by: null,
            summary: '',
          })),
        )
        .execute();
    } finally {
      await older.destroy();
    }
    const migrated = await scratch.open();
    try {
      const { db } = migrated;
      expect(
        await db
          .selectFrom('insight_events')
          .select(['day', 'step', 'step_id'])
          .distinct()
          .where('kind', '=', 'step')
          .orderBy('day')
          .orderBy('step')
          .execute(),
      ).toEqual([
        // Before version 1: named by version 1.
        { day: '2026-04-30', step: 0, step_id: 'welcome' },
        { day: '2026-04-30', step: 1, step_id: 'general-information' },
        { day: '2026-05-02', step: 0, step_id: 'welcome' },
        { day: '2026-05-02', step: 1, step_id: 'general-information' },
        { day: '2026-05-02', step: 2, step_id: 'more-details' },
        { day: '2026-05-04', step: 0, step_id: 'welcome' },
        { day: '2026-05-04', step: 1, step_id: 'your-trip' },
        { day: '2026-05-04', step: 2, step_id: 'general-information' },
      ]);
      const ofCall = await db
        .selectFrom('insight_visits')
        .select('call')
        .distinct()
        .execute();
      expect(ofCall).toEqual([{ call: 'aldmere-creators' }]);

      const insights = createInsightsRepository(
        migrated,
        () => new Date('2026-05-04T18:00:00Z'),
      );
      const period = { from: '2026-04-30', to: '2026-05-04', call };
      expect(await insights.counts(period)).toMatchObject({
        visits: 5,
        reachedByStep: new Map([
          ['general-information', 5],
          ['more-details', 1],
          ['welcome', 5],
          ['your-trip', 1],
        ]),
        submitted: 1,
        refused: [{ path: 'personalInfo.firstName', count: 1 }],
      });
      expect(await insights.stepTimes(period)).toEqual([
        { step: 'general-information', medianMs: 1000, visits: 1 },
        { step: 'welcome', medianMs: 1000, visits: 5 },
        { step: 'your-trip', medianMs: 1000, visits: 1 },
      ]);
      expect(
        (await insights.counts({ ...period, call: 'winter-trail' })).visits,
      ).toBe(0);
      // The step a visit reached is kept once by its id, whatever place it is reported from now.
      await insights.record(
        {
          call,
          visit: { id: visitId(4), device: 'phone' },
          events: [{ type: 'step', step: 'general-information', ms: 9000 }],
        },
        stepIds,
      );
      expect(
        (await insights.counts(period)).reachedByStep.get(
          'general-information',
        ),
      ).toBe(5);
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
      ).record(
        {
          call,
          visit: { id, device: 'desktop', utmSource: 'purged' },
          events: [
            { type: 'visit', ms: 0 },
            { type: 'step', step: 'welcome', ms: 0 },
            { type: 'step', step: 'general-information', ms: 4000 },
          ],
        },
        stepIds,
      );
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
