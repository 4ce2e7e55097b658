import { sql, type Transaction } from 'kysely';
import type { Database } from './database.ts';
import type { DatabaseSchema } from './tables.ts';
import { stepTimeBounds } from './insight-rollups.ts';
import { countsByLanguage } from './insights-by-language.ts';

/** The period counted: UTC days, both included, and optionally one call and one source. */
export type InsightPeriod = {
  from: string;
  to: string;
  call?: string | undefined;
  source?: string | undefined;
};

/** What the workspace's Insights show, each read over the visits of a period. */
export function createInsightsReader(database: Database) {
  const { db } = database;

  /** Rows of the period (of its call and source), in any rollup. */
  const inPeriod = (period: InsightPeriod) =>
    sql<boolean>`day >= ${period.from} and day <= ${period.to} ${
      period.call === undefined ? sql`` : sql`and call = ${period.call}`
    } ${
      period.source === undefined ? sql`` : sql`and source = ${period.source}`
    }`;
  /**
   * Reads in one snapshot: a period's buckets and the times they count agree even while a batch
   * or the purge commits between two of the reads.
   */
  const inSnapshot = <Result>(
    read: (reader: Transaction<DatabaseSchema>) => Promise<Result>,
  ) =>
    database.engine === 'postgres'
      ? db.transaction().setIsolationLevel('repeatable read').execute(read)
      : db.transaction().execute(read);
  const total = sql<string | number>`sum(visits)`;

  return {
    /** The visits and applications of a period per language. */
    byLanguage: (period: InsightPeriod) => countsByLanguage(db, period),

    /** The counts of a period, each over distinct visits. */
    async counts(period: InsightPeriod) {
      const [totals, daily] = await inSnapshot((reader) =>
        Promise.all([
          reader
            .selectFrom('insight_counts')
            .where(inPeriod(period))
            .select(['kind', 'step_id', 'path', 'source', 'medium', 'campaign'])
            .select(total.as('visits'))
            .groupBy([
              'kind',
              'step_id',
              'path',
              'source',
              'medium',
              'campaign',
            ])
            .execute(),
          reader
            .selectFrom('insight_counts')
            .where(inPeriod(period))
            .where('kind', 'in', ['visit', 'submitted'])
            .select(['day', 'kind'])
            .select(total.as('visits'))
            .groupBy(['day', 'kind'])
            .execute(),
        ]),
      );
      const sumOf = (
        rows: ReadonlyArray<{ visits: string | number }>,
        keyOf: (row: (typeof totals)[number]) => string | number | undefined,
      ) => {
        const sums = new Map<string | number, number>();
        for (const row of rows as typeof totals) {
          const key = keyOf(row);
          if (key !== undefined)
            sums.set(key, (sums.get(key) ?? 0) + Number(row.visits));
        }
        return sums;
      };
      const byKind = sumOf(totals, (row) => row.kind);
      const sources = new Map<
        string,
        {
          source: string;
          medium: string;
          campaign: string | null;
          visits: number;
          submitted: number;
        }
      >();
      for (const row of totals) {
        if (row.kind !== 'visit' && row.kind !== 'submitted') continue;
        const name = JSON.stringify([row.source, row.medium, row.campaign]);
        const source = sources.get(name) ?? {
          source: row.source,
          medium: row.medium,
          campaign: row.campaign === '' ? null : row.campaign,
          visits: 0,
          submitted: 0,
        };
        source[row.kind === 'visit' ? 'visits' : 'submitted'] += Number(
          row.visits,
        );
        sources.set(name, source);
      }
      const daysOf = (kind: string) =>
        new Map(
          daily
            .filter((row) => row.kind === kind)
            .map((row) => [row.day, Number(row.visits)]),
        );
      return {
        visits: byKind.get('visit') ?? 0,
        reachedByStep: sumOf(totals, (row) =>
          row.kind === 'step' ? row.step_id : undefined,
        ) as Map<string, number>,
        submitted: byKind.get('submitted') ?? 0,
        signInClicked: byKind.get('signIn') ?? 0,
        refused: [
          ...sumOf(totals, (row) =>
            row.kind === 'refused' ? row.path : undefined,
          ),
        ]
          .map(([path, count]) => ({ path: String(path), count }))
          .sort(
            (a, b) =>
              b.count - a.count ||
              (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
          )
          .slice(0, 20),
        sources: [...sources.values()]
          .filter((source) => source.visits > 0)
          .sort(
            (a, b) =>
              b.visits - a.visits ||
              b.submitted - a.submitted ||
              a.source.localeCompare(b.source),
          ),
        visitsByDay: daysOf('visit'),
        submittedByDay: daysOf('submitted'),
      };
    },

    /**
     * The median time from reaching each step to reaching the next, over the visits that went on:
     * each visit's first arrival at a step, by the browser's clock since the visit began. The
     * buckets say how many times the period holds and which bucket holds the middle one (or two);
     * only that bucket's times are read, in order, so the median is exact.
     */
    async stepTimes(
      period: InsightPeriod,
    ): Promise<Array<{ step: string; medianMs: number; visits: number }>> {
      return inSnapshot(async (reader) => {
        const buckets = await reader
          .selectFrom('insight_step_time_counts')
          .where(inPeriod(period))
          .select(['step_id', 'bucket'])
          .select(total.as('visits'))
          .groupBy(['step_id', 'bucket'])
          .orderBy('step_id')
          .orderBy('bucket')
          .execute();
        const byStep = new Map<string, typeof buckets>();
        for (const row of buckets)
          byStep.set(row.step_id, [...(byStep.get(row.step_id) ?? []), row]);
        return Promise.all(
          [...byStep].map(async ([step, rows]) => {
            const visits = rows.reduce(
              (sum, row) => sum + Number(row.visits),
              0,
            );
            // The middle position, or the two middle ones when the count is even (1-based).
            const first = Math.floor((visits + 1) / 2);
            const last = Math.floor((visits + 2) / 2);
            const bucketAt = (position: number) => {
              let before = 0;
              for (const row of rows) {
                if (before + Number(row.visits) >= position)
                  return { bucket: Number(row.bucket), before };
                before += Number(row.visits);
              }
              throw new Error(
                `No bucket holds step time ${position} of ${visits}`,
              );
            };
            const from = bucketAt(first);
            const upTo = stepTimeBounds[bucketAt(last).bucket + 1];
            const middle = await reader
              .selectFrom('insight_step_times')
              .where(inPeriod(period))
              .select('ms')
              .where('step_id', '=', step)
              .where('ms', '>=', stepTimeBounds[from.bucket] ?? 0)
              .$if(upTo !== undefined, (query) =>
                query.where('ms', '<', upTo as number),
              )
              .orderBy('ms')
              .limit(last - first + 1)
              .offset(first - from.before - 1)
              .execute();
            const sum = middle.reduce((sum, row) => sum + Number(row.ms), 0);
            return {
              step,
              medianMs: Math.round(sum / middle.length),
              visits,
            };
          }),
        );
      });
    },
  };
}
