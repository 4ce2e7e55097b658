import { sql, type Insertable, type Transaction } from 'kysely';
import { labelsOf, type InsightReport } from '#engine/insights.ts';
import type { Database } from './database.ts';
import type { DatabaseSchema } from './tables.ts';
import { createGroupCommit } from './group-commit.ts';
import { bucketOf } from './insight-rollups.ts';

type EventRow = Insertable<DatabaseSchema['insight_events']>;
/** A report and the ids of its call's steps, in the order its form has them. */
type PlacedReport = {
  report: InsightReport;
  stepIds: readonly string[];
  /** The language the form was read in, one of its own. */
  language: string | null;
};
type StoredEvent = Pick<
  EventRow,
  'visit_id' | 'kind' | 'step_id' | 'step' | 'path' | 'ms'
>;
type KnownVisit = Pick<
  DatabaseSchema['insight_visits'],
  'day' | 'call' | 'source' | 'medium' | 'campaign'
>;

// SQLite allows 32,766 bound values in one statement; a row written here has at most 10.
const rowsPerStatement = 1000;
/** Reports written in one transaction; each holds at most 50 events. */
const maxReportsPerBatch = 256;

/** The UTC day a row is stored under. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Runs `write` on `rows` a statement's worth at a time. */
async function inStatements<Row>(
  rows: readonly Row[],
  write: (rows: Row[]) => Promise<unknown>,
) {
  for (let start = 0; start < rows.length; start += rowsPerStatement)
    await write(rows.slice(start, start + rowsPerStatement));
}

/**
 * The values in the order of their keys. Two PostgreSQL transactions (two processes) that write
 * the same rows then take their locks in the same order, so neither waits for the other in a circle.
 */
const inKeyOrder = <Row>(rows: ReadonlyMap<string, Row>): Row[] =>
  [...rows]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);

/**
 * Adds one visit to the row of each key (the columns of a rollup's primary key): the keys are
 * counted here, then added to the stored counts with one upsert per statement's worth.
 */
async function addVisits(
  transaction: Transaction<DatabaseSchema>,
  // Both rollups of counts share this shape: a key and its number of visits.
  table: 'insight_counts' | 'insight_step_time_counts',
  keys: ReadonlyArray<Record<string, string | number>>,
) {
  const counts = new Map<string, Record<string, string | number>>();
  for (const key of keys) {
    const name = JSON.stringify(Object.values(key));
    const count = counts.get(name) ?? { ...key, visits: 0 };
    count.visits = Number(count.visits) + 1;
    counts.set(name, count);
  }
  const columns = Object.keys(keys[0] ?? {}) as Array<
    keyof DatabaseSchema['insight_counts']
  >;
  await inStatements(inKeyOrder(counts), (rows) =>
    transaction
      .insertInto(table as 'insight_counts')
      .values(rows as Array<Insertable<DatabaseSchema['insight_counts']>>)
      .onConflict((conflict) =>
        conflict.columns(columns).doUpdateSet({
          visits: sql<number>`${sql.ref(`${table}.visits`)} + excluded.visits`,
        }),
      )
      .execute(),
  );
}

/**
 * Keeps the time from one step to the next of each visit that reached both, once the later of the
 * two is stored (in whichever order they came), and counts it in its bucket.
 */
async function addStepTimes(
  transaction: Transaction<DatabaseSchema>,
  stored: readonly StoredEvent[],
  known: ReadonlyMap<string, KnownVisit>,
  begun: ReadonlySet<string>,
) {
  const keyOf = (visitId: string, step: number) => `${visitId} ${step}`;
  const reached = stored.filter((event) => event.kind === 'step');
  if (reached.length === 0) return;
  const isNew = new Set(
    reached.map((event) => keyOf(event.visit_id, Number(event.step))),
  );
  // A visit begun in this batch has no steps but those just stored; the others' are read back.
  const earlier = [
    ...new Set(
      reached
        .map((event) => event.visit_id)
        .filter((visitId) => !begun.has(visitId)),
    ),
  ];
  const steps = [
    ...reached.filter((event) => begun.has(event.visit_id)),
    ...(earlier.length === 0
      ? []
      : await transaction
          .selectFrom('insight_events')
          .select(['visit_id', 'step_id', 'step', 'ms'])
          .where('visit_id', 'in', earlier)
          .where('kind', '=', 'step')
          .execute()),
  ];
  // A visit's next step is the one at the next place of the form it reported from.
  const msAt = new Map(
    steps.map((row) => [keyOf(row.visit_id, Number(row.step)), Number(row.ms)]),
  );
  const times = steps.flatMap((here) => {
    const step = Number(here.step);
    const later = msAt.get(keyOf(here.visit_id, step + 1));
    const visit = known.get(here.visit_id);
    const ms = (later ?? -1) - Number(here.ms);
    const isTimedNow =
      isNew.has(keyOf(here.visit_id, step)) ||
      isNew.has(keyOf(here.visit_id, step + 1));
    const stepId = here.step_id;
    return later === undefined ||
      !visit ||
      typeof stepId !== 'string' ||
      ms < 0 ||
      !isTimedNow
      ? []
      : [
          {
            step_id: stepId,
            ms,
            day: visit.day,
            source: visit.source,
            call: visit.call,
            visit_id: here.visit_id,
          },
        ];
  });
  const timed: Array<{
    day: string;
    call: string;
    source: string;
    step_id: string;
    ms: number;
  }> = [];
  await inStatements(times, async (rows) =>
    timed.push(
      ...(await transaction
        .insertInto('insight_step_times')
        .values(rows)
        .onConflict((conflict) => conflict.doNothing())
        .returning(['day', 'call', 'source', 'step_id', 'ms'])
        .execute()),
    ),
  );
  await addVisits(
    transaction,
    'insight_step_time_counts',
    timed.map((time) => ({
      day: time.day,
      call: time.call,
      source: time.source,
      step_id: time.step_id,
      bucket: bucketOf(Number(time.ms)),
    })),
  );
}

/**
 * Records the wizard's anonymous events: stored together with group commit (reports that arrive
 * while a batch is written go in the next transaction), each event once, its visit counted once.
 */
export function createInsightsIngest(
  database: Database,
  now: () => Date = () => new Date(),
) {
  const { db } = database;

  async function writeReports(reports: readonly PlacedReport[]) {
    const day = dayOf(now());
    await db.transaction().execute(async (transaction) => {
      const visits = new Map(
        reports.map(({ report: { call, visit }, language }) => {
          const labels = labelsOf(visit);
          return [
            visit.id,
            {
              visit_id: visit.id,
              day,
              call,
              ...labels,
              referrer: visit.referrer ?? null,
              device: visit.device,
              language,
            },
          ];
        }),
      );
      // A visit keeps the day and source of its first report, whatever later reports claim.
      const begun = await transaction
        .insertInto('insight_visits')
        .values(inKeyOrder(visits))
        .onConflict((conflict) => conflict.column('visit_id').doNothing())
        .returning('visit_id')
        .execute();
      // On PostgreSQL another process may be writing the same visit: its rows are locked (in one
      // order, so two batches cannot wait for each other), so that the events of the other are
      // seen and a step time between them is counted once.
      const known = new Map(
        (
          await transaction
            .selectFrom('insight_visits')
            .select(['visit_id', 'day', 'call', 'source', 'medium', 'campaign'])
            .where('visit_id', 'in', [...visits.keys()])
            .$if(database.engine === 'postgres', (query) =>
              query.orderBy('visit_id').forUpdate(),
            )
            .execute()
        ).map((row) => [row.visit_id, row]),
      );
      const rows = reports.flatMap(({ report: { visit, events }, stepIds }) => {
        // A visit keeps its call too: a page of another call reporting under its id changes nothing.
        const {
          day: visitDay,
          call,
          source,
        } = known.get(visit.id) ?? { day, call: '', source: '(direct)' };
        const rowOf = (
          kind: string,
          ms: number,
          stepId: string | null = null,
          path: string | null = null,
        ): EventRow => ({
          visit_id: visit.id,
          day: visitDay,
          call,
          source,
          kind,
          step_id: stepId,
          step: stepId === null ? null : stepIds.indexOf(stepId),
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
      // Only what was stored now is counted: what the visit reported before stays, it happened first.
      const stored: StoredEvent[] = [];
      await inStatements(rows, async (chunk) =>
        stored.push(
          ...(await transaction
            .insertInto('insight_events')
            .values(chunk)
            .onConflict((conflict) => conflict.doNothing())
            .returning(['visit_id', 'kind', 'step_id', 'step', 'path', 'ms'])
            .execute()),
        ),
      );
      // A visit counts once, by its row; its visit event is not counted again.
      await addVisits(
        transaction,
        'insight_counts',
        [
          ...begun.map(({ visit_id }) => ({ visit_id, kind: 'visit' })),
          ...stored.filter((event) => event.kind !== 'visit'),
        ].flatMap(
          (
            event: Partial<StoredEvent> & { visit_id: string; kind: string },
          ) => {
            const visit = known.get(event.visit_id);
            return visit
              ? [
                  {
                    day: visit.day,
                    call: visit.call,
                    source: visit.source,
                    medium: visit.medium,
                    campaign: visit.campaign ?? '',
                    kind: event.kind,
                    step_id: event.step_id ?? '',
                    path: event.path ?? '',
                  },
                ]
              : [];
          },
        ),
      );
      await addStepTimes(
        transaction,
        stored,
        known,
        new Set(begun.map(({ visit_id }) => visit_id)),
      );
    });
    return reports.map(() => undefined);
  }

  const groupCommit = createGroupCommit(writeReports, maxReportsPerBatch);

  return {
    /**
     * Stores a report checked against its call's form, whose step ids in order are `stepIds`,
     * read in `language`; resolves once its transaction has committed.
     */
    record(
      report: InsightReport,
      stepIds: readonly string[],
      language: string | null = null,
    ): Promise<void> {
      return groupCommit.write({ report, stepIds, language });
    },

    /** The UTC day a visit was first reported on; undefined for a visit not stored. */
    async dayOfVisit(visitId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('insight_visits')
        .select('day')
        .where('visit_id', '=', visitId)
        .executeTakeFirst();
      return row?.day;
    },
  };
}
