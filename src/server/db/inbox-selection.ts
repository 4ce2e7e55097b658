import type { Stage } from '#engine/stages.ts';
import type { InboxFilters } from '#review-api/inbox.ts';
import type { ApplicationPayload } from '#engine/payload.ts';
import {
  storedColumns,
  storedFactsOf,
  storedPayloadIn,
  toStored,
  type StoredApplication,
  type StoredFacts,
} from './application-rows.ts';
import type { Database } from './database.ts';
import { matchingApplications } from './inbox-matching.ts';

/**
 * The applications an export or a bulk action is about: those matching a view of the inbox (its
 * filters and stage tab), narrowed to chosen ids when there are any; every one without either.
 */
export type InboxSelection = {
  filters?: InboxFilters;
  stage?: Stage | undefined;
  ids?: readonly string[] | undefined;
};

/** How many applications `iterateSelection` yields between two turns of the event loop. */
const rowsBetweenPauses = 50;

// A view of the inbox hides second applications unless it asks for them. Chosen by id, one is
// what was chosen; and a selection of no view at all (every application) holds them too.
const selectedApplications = (
  database: Database,
  { filters, stage, ids }: InboxSelection,
) =>
  matchingApplications(
    database,
    ids === undefined && filters !== undefined
      ? filters
      : { ...filters, duplicates: true },
  )
    .$if(stage !== undefined, (query) =>
      query.where('stage', '=', stage as Stage),
    )
    .$if(ids !== undefined, (query) =>
      query.where('id', 'in', ids as readonly string[]),
    );

/** The ids of a selection, newest first; at most `limit` of them. */
export async function idsOf(
  database: Database,
  selection: InboxSelection,
  limit: number,
): Promise<string[]> {
  const rows = await selectedApplications(database, selection)
    .select('id')
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The next `limit` of a selection received up to `until`, oldest first, after `after`: a bulk
 * job's next chunk. Seeks the (received_at, id) index as `iterateSelection` does.
 */
export async function idsAfter(
  database: Database,
  selection: InboxSelection,
  after: { receivedAt: string; id: string } | null,
  until: string,
  limit: number,
): Promise<Array<{ id: string; receivedAt: string }>> {
  const rows = await selectedApplications(database, selection)
    .select(['id', 'received_at'])
    .where('received_at', '<=', until)
    .$if(after !== null, (query) =>
      query.where((where) =>
        where(
          where.refTuple('received_at', 'id'),
          '>',
          where.tuple(after?.receivedAt ?? '', after?.id ?? ''),
        ),
      ),
    )
    .orderBy('received_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, receivedAt: row.received_at }));
}

/**
 * The configuration versions the selected applications were answered under (null: stored
 * before versions were kept), oldest first. Each version this server has served is looked up
 * in the index, one at a time: a DISTINCT would read every row, which on SQLite holds the
 * event loop for as long as the table is big.
 */
export async function configVersionsOf(
  database: Database,
  selection: InboxSelection = {},
): Promise<Array<string | null>> {
  const served = await database.db
    .selectFrom('wizard_configs')
    .select('version')
    .orderBy('first_served_at')
    .orderBy('version')
    .execute();
  const versions: Array<string | null> = [];
  for (const version of [null, ...served.map((row) => row.version)]) {
    const found = await selectedApplications(database, selection)
      .select('id')
      .$if(version === null, (query) =>
        query.where('config_version', 'is', null),
      )
      .$if(version !== null, (query) =>
        query.where('config_version', '=', version),
      )
      .limit(1)
      .executeTakeFirst();
    if (found) versions.push(version);
  }
  return versions;
}

/**
 * An application as an export reads it: with the stage it is in, its language, and its answers as
 * stored readable (null for those stored before). Its payload is left out: an export that finds the
 * readable answers never needs it, and on PostgreSQL reading it took half the time of the read.
 */
export type ExportedApplication = StoredFacts & {
  stage: Stage;
  language: string | null;
  readableAnswers: string | null;
};

const exportedColumns = [
  ...storedColumns.filter((column) => column !== 'payload'),
  'stage',
  'language',
  'readable_answers',
] as const;

type After = { receivedAt: string; id: string } | undefined;

/** A page of the selection after `after`, oldest first, before its columns are chosen. */
function selectionPage(
  database: Database,
  selection: InboxSelection,
  batchSize: number,
  after: After,
) {
  const query = selectedApplications(database, selection)
    .orderBy('received_at', 'asc')
    .orderBy('id', 'asc')
    .limit(batchSize);
  return after
    ? // A row value, so both engines seek the (received_at, id) index to the next batch.
      query.where((where) =>
        where(
          where.refTuple('received_at', 'id'),
          '>',
          where.tuple(after.receivedAt, after.id),
        ),
      )
    : query;
}

/**
 * Pages of `batchSize` rows, each read past the last: an application stored meanwhile is read if
 * it comes later, and none is read twice. Between pages the event loop turns, since a read is
 * synchronous on SQLite.
 */
async function* pages<Row extends { received_at: string; id: string }>(
  read: (after: After) => Promise<Row[]>,
  batchSize: number,
) {
  let after: After;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    const tail = rows[rows.length - 1];
    if (!tail || rows.length < batchSize) return;
    after = { receivedAt: tail.received_at, id: tail.id };
    await new Promise(setImmediate);
  }
}

/** The selected applications as an export reads them, in batches of `batchSize`, oldest first. */
export async function* selectionBatches(
  database: Database,
  selection: InboxSelection = {},
  batchSize = 200,
): AsyncGenerator<ExportedApplication[]> {
  const read = (after: After) =>
    selectionPage(database, selection, batchSize, after)
      .select(exportedColumns)
      .execute();
  for await (const rows of pages(read, batchSize))
    yield rows.map((row) => ({
      ...storedFactsOf(row),
      stage: row.stage,
      language: row.language,
      readableAnswers: row.readable_answers,
    }));
}

/** The answers of the applications named that are still there, by id. */
export async function payloadsOf(
  { db }: Database,
  ids: readonly string[],
): Promise<Map<string, ApplicationPayload>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('applications')
    .select(['id', 'payload'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, storedPayloadIn(row.payload)]));
}

/**
 * Every application selected (all by default), oldest first, one at a time, read page by page as
 * `selectionBatches` reads them. The event loop also turns every few applications: what the reader
 * does with each runs between them, and on SQLite, which answers synchronously, a long reading
 * would otherwise hold up every other request until it ended.
 */
export async function* iterateSelection(
  database: Database,
  selection: InboxSelection = {},
  batchSize = 200,
): AsyncGenerator<StoredApplication> {
  let sincePause = 0;
  const read = (after: After) =>
    selectionPage(database, selection, batchSize, after)
      .select(storedColumns)
      .execute();
  for await (const rows of pages(read, batchSize))
    for (const row of rows) {
      if (++sincePause === rowsBetweenPauses) {
        sincePause = 0;
        await new Promise(setImmediate);
      }
      yield toStored(row);
    }
}
