import { describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  exampleCall as call,
  exampleStepIds as stepIds,
} from '../../../tests/support/fixtures.ts';
import { useScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { createInsightsIngest } from './insights-ingest.ts';
import { purgeExpiredInsights } from './insights-purge.ts';

describe.each(engines)('insights purge on %s', (engine) => {
  const database = useScratchDatabase(engine);

  test('purges the visits, events and rollups of what is older than 13 months, and keeps the rest', async () => {
    const visitOn = (day: string, id: string) =>
      createInsightsIngest(
        database(),
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
    // The visit, its two steps and nothing of the day after.
    expect(
      await purgeExpiredInsights(database(), new Date('2026-02-20T12:00:00Z')),
    ).toBe(3);
    for (const table of [
      'insight_visits',
      'insight_events',
      'insight_counts',
      'insight_step_times',
      'insight_step_time_counts',
    ] as const)
      expect(
        await database()
          .db.selectFrom(table)
          .select('day')
          .distinct()
          .where('source', '=', 'purged')
          .execute(),
        table,
      ).toEqual([{ day: '2025-01-20' }]);
  });
});
