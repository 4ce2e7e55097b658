import type { ExportColumn } from '#engine/describe-application.ts';
import type { ApplicationDescriptions } from './application-descriptions.ts';
import type { ApplicationsRepository } from './db/applications-repository.ts';
import type { InboxSelection } from './db/inbox-selection.ts';
import type { Database } from './db/database.ts';
import {
  attributionColumnsOf,
  columnId,
  leadingColumnsOf,
  reachColumns,
  sourceColumns,
  teamColumns,
  withoutCell,
} from './export-columns.ts';
import { hasCurrentRevision } from './readable-answers.ts';
import { teamWorkOf } from './review/team-work.ts';

/** How a writer types a cell: a spreadsheet gets dates and numbers it can sort and sum. */
type CellType = 'text' | 'date' | 'number';

export type ExportCell = string | number | Date | null;

/** One column of an export: its header (the question), its stable key (the second header row) and type. */
export type TableColumn = ExportColumn & { type: CellType };

/**
 * The columns and rows of an export, which each file format writes in its own way. Rows come in
 * batches, as they are read: a writer's and a stream's work per piece is then done once per batch.
 */
export type ExportTable = {
  columns: TableColumn[];
  batches: AsyncIterable<ExportCell[][]>;
};

/**
 * What an export reads: the applications, the configurations they were answered under, the team's
 * work, and the title of each call by its slug.
 */
export type ExportSources = {
  database: Database;
  repository: ApplicationsRepository;
  descriptions: ApplicationDescriptions;
  callTitle: (slug: string) => string;
};

/**
 * How many applications are read with their team's work in one go. Five hundred made fewer
 * queries, but submissions sent during an export of 100,000 on PostgreSQL then waited five times
 * their wait without one (the load test's limit is four); two hundred keeps them near it.
 */
export const exportBatchSize = 200;
/**
 * How long an export describes rows before it lets the event loop turn: a submission that comes
 * meanwhile waits at most about this long at each of its own turns (parsing, storing, answering).
 * A time rather than a count of rows, since a row's cost depends on the form and the machine.
 */
const holdMsAtMost = 4;

/**
 * The export of the applications selected (all by default), the one source of its columns for
 * every file format: the application's id, receipt, form and call, then its answers as people read them,
 * one column per question of every configuration involved (the current one's first), then the
 * team's work, then the source of the applicant's visit, its hidden fields and click id, then each
 * platform's stated and verified follower counts. Rows are read in batches, never all at once, oldest first.
 */
export async function exportTable(
  { database, repository, descriptions, callTitle }: ExportSources,
  selection: InboxSelection = {},
): Promise<ExportTable> {
  const leadingColumns = leadingColumnsOf(callTitle);
  // The current version leads, so the columns follow today's form.
  const versions = new Set<string | null>([
    descriptions.currentVersion(),
    ...(await repository.configVersionsOf(selection)),
  ]);
  const answerColumns = new Map<string, TableColumn>();
  const hiddenFields = new Set<string>();
  for (const version of versions) {
    for (const column of await descriptions.columnsFor(version))
      if (!answerColumns.has(columnId(column)))
        answerColumns.set(columnId(column), { ...column, type: 'text' });
    for (const name of await descriptions.hiddenFieldsFor(version))
      hiddenFields.add(name);
  }
  const answerIds = [...answerColumns.keys()];
  const attributionColumns = attributionColumnsOf(hiddenFields);
  // Where each answer of a version goes, by its place among the version's columns: a version's
  // questions are fixed, so a row finds its cells without building the question's identity again
  // for every answer of every application.
  const placesByVersion = new Map<string | null, number[]>();
  const placesFor = async (version: string | null) => {
    let places = placesByVersion.get(version);
    if (!places) {
      places = (await descriptions.columnsFor(version)).map((column) =>
        answerIds.indexOf(columnId(column)),
      );
      placesByVersion.set(version, places);
    }
    return places;
  };

  async function* batches(): AsyncGenerator<ExportCell[][]> {
    let pausedAt = performance.now();
    for await (const batch of repository.batches(selection, exportBatchSize)) {
      // Read only for those whose answers were not stored readable under this revision.
      const payloads = await repository.payloadsOf(
        batch
          .filter(
            (application) => !hasCurrentRevision(application.readableAnswers),
          )
          .map((application) => application.id),
      );
      const workOf = await teamWorkOf(database, batch);
      const rows: ExportCell[][] = [];
      for (const application of batch) {
        if (performance.now() - pausedAt > holdMsAtMost) {
          await new Promise(setImmediate);
          pausedAt = performance.now();
        }
        const { work, reach } = workOf(application);
        const places = await placesFor(application.configVersion);
        // One array per row, filled in column order: an export builds 100,000 of them.
        const row: ExportCell[] = [];
        for (const column of leadingColumns)
          row.push(column.cellOf(application));
        const answersFrom = row.length;
        for (let index = 0; index < answerIds.length; index++) row.push('');
        const texts = await descriptions.answerTexts(
          application,
          async () =>
            payloads.get(application.id) ??
            (await repository.payloadsOf([application.id])).get(application.id),
        );
        for (let index = 0; index < texts.length; index++) {
          const place = places[index];
          if (place !== undefined && place >= 0)
            row[answersFrom + place] = texts[index] as string;
        }
        for (const column of teamColumns) row.push(column.cellOf(work));
        for (const column of sourceColumns)
          row.push(column.cellOf(application));
        for (const column of attributionColumns)
          row.push(column.cellOf(application));
        for (const column of reachColumns) row.push(column.cellOf(reach));
        rows.push(row);
      }
      yield rows;
    }
  }

  return {
    columns: [
      ...leadingColumns.map(withoutCell),
      ...answerColumns.values(),
      ...teamColumns.map(withoutCell),
      ...sourceColumns.map(withoutCell),
      ...attributionColumns.map(withoutCell),
      ...reachColumns.map(withoutCell),
    ],
    batches: batches(),
  };
}
