import { sql, type Insertable } from 'kysely';
import { labelsOf, type InsightReport } from '#engine/insights.ts';
import type { Database, DatabaseSchema } from './database.ts';

type EventRow = Insertable<DatabaseSchema['insight_events']>;
import { createGroupCommit } from './group-commit.ts';

/** The period counted: UTC days, both included, and optionally one source. */
export type InsightPeriod = { from: string; to: string; source?: string };

// SQLite allows 32,766 bound values in one statement; an event row has 7.
const eventsPerStatement = 1000;
/** Reports written in one transaction; each holds at most 50 events. */
const maxReportsPerBatch = 256;
/** How long events are kept: 13 months, then they are deleted. */
const keptMonths = 13;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The first day still kept on `now`: 13 calendar months back. */
export function firstKeptDay(now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - keptMonths);
  return dayOf(cutoff);
}

/**
 * The wizard's anonymous events: stored together with group commit (reports that arrive while a
 * batch is written go in the next transaction), counted over distinct visits, purged after 13 months.
 */
export function createInsightsRepository(
  database: Database,
  now: () => Date = () => new Date(),
) {
  const { db } = database;

  async function writeReports(reports: readonly InsightReport[]) {
    const day = dayOf(now());
    await db.transaction().execute(async (transaction) => {
      const visits = new Map(
        reports.map(({ visit }) => {
          const labels = labelsOf(visit);
          return [
            visit.id,
            {
              visit_id: visit.id,
              day,
              ...labels,
              referrer: visit.referrer ?? null,
              device: visit.device,
            },
          ];
        }),
      );
      // A visit keeps the day and source of its first report, whatever later reports claim.
      await transaction
        .insertInto('insight_visits')
        .values([...visits.values()])
        .onConflict((conflict) => conflict.column('visit_id').doNothing())
        .execute();
      const known = new Map(
        (
          await transaction
            .selectFrom('insight_visits')
            .select(['visit_id', 'day', 'source'])
            .where('visit_id', 'in', [...visits.keys()])
            .execute()
        ).map((row) => [row.visit_id, row]),
      );
      const rows = reports.flatMap(({ visit, events }) => {
        const { day: visitDay, source } = known.get(visit.id) ?? {
          day,
          source: '(direct)',
        };
        const rowOf = (
          kind: string,
          ms: number,
          step: number | null = null,
          path: string | null = null,
        ): EventRow => ({
          visit_id: visit.id,
          day: visitDay,
          source,
          kind,
          step,
          path,
          ms,
        });
        return events.flatMap((event) => {
          switch (event.type) {
            case 'step':
              return [rowOf('step', event.ms, event.step)];
            case 'refused':
              return [...new Set(event.paths)].map((path) =>
                rowOf('refused', event.ms, event.step, path),
              );
            default:
              return [rowOf(event.type, event.ms)];
          }
        });
      });
      for (let start = 0; start < rows.length; start += eventsPerStatement)
        await transaction
          .insertInto('insight_events')
          .values(rows.slice(start, start + eventsPerStatement))
          // What the visit reported before stays: it happened first.
          .onConflict((conflict) => conflict.doNothing())
          .execute();
    });
    return reports.map(() => undefined);
  }

  const groupCommit = createGroupCommit(writeReports, maxReportsPerBatch);

  /** Events of one kind in the period (of its source). */
  const eventsOf = (kind: string, period: InsightPeriod) =>
    db
      .selectFrom('insight_events')
      .where('kind', '=', kind)
      .where('day', '>=', period.from)
      .where('day', '<=', period.to)
      .$if(period.source !== undefined, (query) =>
        query.where('source', '=', period.source as string),
      );
  const visitsOf = (period: InsightPeriod) =>
    db
      .selectFrom('insight_visits')
      .where('day', '>=', period.from)
      .where('day', '<=', period.to)
      .$if(period.source !== undefined, (query) =>
        query.where('source', '=', period.source as string),
      );
  // An event is stored once per visit (see the unique index), so its rows are distinct visits.
  const distinctVisits = sql<string | number>`count(*)`;

  return {
    /** Stores a report; resolves once its transaction has committed. */
    record(report: InsightReport): Promise<void> {
      return groupCommit.write(report);
    },

    /** Deletes what is older than 13 months; returns how many events went. */
    async purge(): Promise<number> {
      const before = firstKeptDay(now());
      const deleted = await db
        .deleteFrom('insight_events')
        .where('day', '<', before)
        .executeTakeFirst();
      await db.deleteFrom('insight_visits').where('day', '<', before).execute();
      return Number(deleted.numDeletedRows);
    },

    /** The counts of a period, each over distinct visits. */
    async counts(period: InsightPeriod) {
      const [
        visits,
        steps,
        ends,
        refused,
        sources,
        dailyVisits,
        dailySubmitted,
      ] = await Promise.all([
        visitsOf(period)
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .executeTakeFirst(),
        eventsOf('step', period)
          .select(['step', distinctVisits.as('count')])
          .groupBy('step')
          .execute(),
        db
          .selectFrom('insight_events')
          .where('kind', 'in', ['submitted', 'signIn'])
          .where('day', '>=', period.from)
          .where('day', '<=', period.to)
          .$if(period.source !== undefined, (query) =>
            query.where('source', '=', period.source as string),
          )
          .select(['kind', distinctVisits.as('count')])
          .groupBy('kind')
          .execute(),
        eventsOf('refused', period)
          .select(['path', distinctVisits.as('count')])
          .groupBy('path')
          .orderBy(distinctVisits, 'desc')
          .orderBy('path')
          .limit(20)
          .execute(),
        visitsOf(period)
          .leftJoin(
            eventsOf('submitted', period)
              .select('visit_id')
              .distinct()
              .as('submitted'),
            'submitted.visit_id',
            'insight_visits.visit_id',
          )
          .select([
            'insight_visits.source',
            'insight_visits.medium',
            'insight_visits.campaign',
            (eb) => eb.fn.countAll<string | number>().as('visits'),
            (eb) =>
              eb.fn
                .count<string | number>('submitted.visit_id')
                .as('submitted'),
          ])
          .groupBy([
            'insight_visits.source',
            'insight_visits.medium',
            'insight_visits.campaign',
          ])
          .execute(),
        visitsOf(period)
          .select([
            'day',
            (eb) => eb.fn.countAll<string | number>().as('count'),
          ])
          .groupBy('day')
          .execute(),
        eventsOf('submitted', period)
          .select(['day', distinctVisits.as('count')])
          .groupBy('day')
          .execute(),
      ]);
      const countOf = (kind: string) =>
        Number(ends.find((row) => row.kind === kind)?.count ?? 0);
      return {
        visits: Number(visits?.count ?? 0),
        reachedByStep: new Map(
          steps.map((row) => [Number(row.step), Number(row.count)]),
        ),
        submitted: countOf('submitted'),
        signInClicked: countOf('signIn'),
        refused: refused.map((row) => ({
          path: row.path ?? '',
          count: Number(row.count),
        })),
        sources: sources
          .map((row) => ({
            source: row.source,
            medium: row.medium,
            campaign: row.campaign,
            visits: Number(row.visits),
            submitted: Number(row.submitted),
          }))
          .sort(
            (a, b) =>
              b.visits - a.visits ||
              b.submitted - a.submitted ||
              a.source.localeCompare(b.source),
          ),
        visitsByDay: new Map(
          dailyVisits.map((row) => [row.day, Number(row.count)]),
        ),
        submittedByDay: new Map(
          dailySubmitted.map((row) => [row.day, Number(row.count)]),
        ),
      };
    },

    /**
     * The median time from reaching each step to reaching the next, over the visits that went on:
     * each visit's first arrival at a step, by the browser's clock since the visit began.
     */
    async stepTimes(
      period: InsightPeriod,
    ): Promise<Array<{ step: number; medianMs: number; visits: number }>> {
      const ofSource =
        period.source === undefined
          ? sql``
          : sql`and here.source = ${period.source}`;
      const { rows } = await sql<{
        step: number | string;
        median_ms: number | string;
        visits: number | string;
      }>`
        with spent as (
          select here.step, later.ms - here.ms as ms
          from insight_events here
          join insight_events later
            on later.visit_id = here.visit_id and later.kind = 'step'
            and coalesce(later.step, -1) = here.step + 1 and coalesce(later.path, '') = ''
          where here.kind = 'step' and here.day >= ${period.from} and here.day <= ${period.to}
            ${ofSource} and later.ms >= here.ms
        ),
        ranked as (
          select step, ms,
            row_number() over (partition by step order by ms) as position,
            count(*) over (partition by step) as total
          from spent
        )
        select step, avg(ms) as median_ms, max(total) as visits from ranked
        where position in ((total + 1) / 2, (total + 2) / 2)
        group by step
        order by step
      `.execute(db);
      return rows.map((row) => ({
        step: Number(row.step),
        medianMs: Math.round(Number(row.median_ms)),
        visits: Number(row.visits),
      }));
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
