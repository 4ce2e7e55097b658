import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, test } from 'vitest';
import {
  engines,
  scratchDatabase,
  scratchPool,
} from '../../../tests/support/databases.ts';
import {
  exampleCall as call,
  exampleConfig,
  exampleStepIds as stepIds,
} from '../../../tests/support/fixtures.ts';
import { createInsightsIngest } from './insights-ingest.ts';
import { createInsightsReader } from './insights-read.ts';
import { buildMigrations } from './migrations.ts';

describe.each(engines)('insights read on %s', (engine) => {
  test('names the events stored by step place after the step of that place in the form of their day when it migrates', async () => {
    const scratch = await scratchDatabase(engine);
    const older = new Kysely<Record<string, Record<string, unknown>>>({
      dialect: scratch.url
        ? new PostgresDialect({
            pool: scratchPool(scratch.url),
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

      const insights = createInsightsReader(migrated);
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
      await createInsightsIngest(
        migrated,
        () => new Date('2026-05-04T18:00:00Z'),
      ).record(
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
});
