import { sql, type Kysely } from 'kysely';
import { describe, expect, test } from 'vitest';
import type { InsightEvent, InsightReport } from '#engine/insights.ts';
import { engines } from '../../../tests/support/databases.ts';
import { insightsFromEvents } from '../../../tests/support/insights-from-events.ts';
import {
  exampleCall as call,
  exampleStepIds as stepIds,
} from '../../../tests/support/fixtures.ts';
import { useScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { fillRollupsByStep } from './insight-migrations.ts';
import { createInsightsIngest } from './insights-ingest.ts';
import { createInsightsReader } from './insights-read.ts';

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
  const database = useScratchDatabase(engine);

  const rowsOf = async (table: (typeof rollups)[number]) =>
    (
      await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)}`.execute(database().db)
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
      const writer = () =>
        createInsightsIngest(database(), () => new Date(`${day}T12:00:00Z`));
      const writers = [writer(), writer()] as const;
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
              writers[order % 2 === 0 ? 0 : 1].record(report, stepIds),
            ),
        );
    }
    const kept = await Promise.all(rollups.map(rowsOf));
    expect(kept.map((rows) => rows.length)).not.toContain(0);
    for (const table of rollups)
      await database().db.deleteFrom(table).execute();
    await fillRollupsByStep(database().db as Kysely<unknown>);
    expect(await Promise.all(rollups.map(rowsOf))).toEqual(kept);

    const insights = createInsightsReader(database());
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
        database(),
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
    const writer = () =>
      createInsightsIngest(database(), () => new Date(`${day}T12:00:00Z`));
    const [first, second] = [writer(), writer()];
    const visits = Array.from({ length: 20 }, (_, index) => ({
      id: `00000000-0000-4000-8000-2000000000${String(index).padStart(2, '0')}`,
      device: 'phone' as const,
      utmSource: 'racing',
    }));
    await Promise.all(
      visits.map((visit) =>
        first.record(
          { call, visit, events: [{ type: 'step', step: 'welcome', ms: 0 }] },
          stepIds,
        ),
      ),
    );
    await Promise.all(
      visits.flatMap((visit) => [
        first.record(
          {
            call,
            visit,
            events: [{ type: 'step', step: 'general-information', ms: 1000 }],
          },
          stepIds,
        ),
        second.record(
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
      await createInsightsReader(database()).stepTimes({
        from: day,
        to: day,
        source: 'racing',
      }),
    ).toEqual([
      { step: 'general-information', medianMs: 2000, visits: 20 },
      { step: 'welcome', medianMs: 1000, visits: 20 },
    ]);
  });
});
