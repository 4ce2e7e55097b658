import type { ExportColumn } from '#engine/describe-application.ts';
import { languageNameIn } from '#engine/languages/language-tags.ts';
import { platformNames } from '#engine/platforms.ts';
import { stageLabels, stages, type Stage } from '#engine/stages.ts';
import { hiddenFilterKey } from '#review-api/inbox.ts';
import { lookedUpPlatforms } from '#review-api/reach.ts';
import type { ApplicationDescriptions } from './application-descriptions.ts';
import type { StoredApplication } from './db/application-rows.ts';
import type { ApplicationsRepository } from './db/applications-repository.ts';
import type { InboxSelection } from './db/inbox-selection.ts';
import type { Database } from './db/database.ts';
import { reachCountsOf, type ReachCounts } from './reach/reach-counts.ts';
import { teamWorkOf, type TeamWork } from './review/team-work.ts';

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

type Column<Source> = TableColumn & { cellOf: (source: Source) => ExportCell };

/** Which application, when it came, its form, and the title of the call it was sent to. */
const leadingColumnsOf = (
  callTitle: ExportSources['callTitle'],
): Array<Column<StoredApplication>> => [
  {
    key: 'id',
    question: 'Application ID',
    type: 'text',
    cellOf: (application) => application.id,
  },
  {
    key: 'receivedAt',
    question: 'Received at',
    type: 'date',
    cellOf: (application) => new Date(application.receivedAt),
  },
  {
    key: 'pageId',
    question: 'Form',
    type: 'text',
    cellOf: (application) => application.pageId,
  },
  {
    key: 'call',
    question: 'Call',
    type: 'text',
    cellOf: (application) => callTitle(application.callSlug),
  },
  {
    key: 'language',
    question: 'Language',
    type: 'text',
    // The team reads the workspace in English; empty for applications from before forms had languages.
    cellOf: ({ payload }) =>
      payload.language === undefined
        ? null
        : languageNameIn(payload.language, 'en'),
  },
];

const dateOf = (instant: string | null) => instant && new Date(instant);
const labelOf = (stage: string) =>
  stages.includes(stage as Stage) ? stageLabels[stage as Stage] : stage;
// An instant as a person reads it in a cell of text, to the minute.
const minuteOf = (instant: string) =>
  `${instant.slice(0, 10)} ${instant.slice(11, 16)} UTC`;
const decisionEmailStatus = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'Failed',
} as const;

/**
 * What the team made of each application, after its answers. A vote is worded without a leading
 * sign ("ana@example.org +1"), so the column holding the net count as a number stays sortable and
 * no text cell starts like a formula.
 */
const teamColumns: Array<Column<TeamWork>> = [
  {
    key: 'review.stage',
    question: 'Stage',
    type: 'text',
    cellOf: (work) => stageLabels[work.stage],
  },
  {
    key: 'review.stageMovedAt',
    question: 'Stage moved at',
    type: 'date',
    cellOf: (work) => dateOf(work.stageMovedAt),
  },
  {
    key: 'review.tags',
    question: 'Tags',
    type: 'text',
    cellOf: (work) => work.tags.join(', '),
  },
  {
    key: 'review.netVotes',
    question: 'Net votes',
    type: 'number',
    cellOf: (work) => work.votes.reduce((sum, vote) => sum + vote.value, 0),
  },
  {
    key: 'review.votes',
    question: 'Votes',
    type: 'text',
    cellOf: (work) =>
      work.votes
        .map((vote) => `${vote.email} ${vote.value > 0 ? '+1' : '-1'}`)
        .join(', '),
  },
  {
    key: 'review.notes',
    question: 'Notes',
    type: 'text',
    cellOf: (work) =>
      work.notes
        .map((note) => `${minuteOf(note.at)}, ${note.author}: ${note.body}`)
        .join('\n\n'),
  },
  {
    key: 'review.decisionEmail',
    question: 'Decision e-mail',
    type: 'text',
    cellOf: ({ decisionEmail: email }) =>
      email
        ? `${decisionEmailStatus[email.status]} (${labelOf(email.stage)})`
        : 'Not sent',
  },
  {
    key: 'review.decisionEmailSentAt',
    question: 'Decision e-mail sent at',
    type: 'date',
    cellOf: ({ decisionEmail: email }) => dateOf(email?.sentAt ?? null),
  },
];

/** Where the applicant's visit came from; last, so the other columns keep their places in sheets made from earlier exports. */
const sourceColumns: Array<Column<StoredApplication>> = [
  {
    key: 'source',
    question: 'Source',
    type: 'text',
    cellOf: (application) => application.source?.source ?? '',
  },
  {
    key: 'medium',
    question: 'Medium',
    type: 'text',
    cellOf: (application) => application.source?.medium ?? '',
  },
  {
    key: 'campaign',
    question: 'Campaign',
    type: 'text',
    cellOf: (application) => application.source?.campaign ?? '',
  },
];

/**
 * What the address said of the application: one column per hidden field of the forms involved,
 * headed by its name and keyed as the inbox filters by it (`hidden.ref`), then the ad click that
 * brought it. After the source, for the same reason.
 */
const attributionColumnsOf = (
  hiddenFields: Iterable<string>,
): Array<Column<StoredApplication>> => [
  ...[...hiddenFields].map((name): Column<StoredApplication> => ({
    key: hiddenFilterKey(name),
    question: name,
    type: 'text',
    cellOf: (application) => application.hidden[name] ?? '',
  })),
  {
    key: 'clickId',
    question: 'Click ID',
    type: 'text',
    cellOf: (application) => application.clickId ?? '',
  },
];

/**
 * Each platform the server can look accounts up on: the follower count as the applicant typed it
 * beside the platform's own, empty until the platform has given it. Last, for the same reason.
 */
const reachColumns: Array<Column<ReadonlyMap<string, ReachCounts>>> =
  lookedUpPlatforms.flatMap((platform) => [
    {
      key: `reach.${platform}.stated`,
      question: `${platformNames[platform]} followers (stated)`,
      type: 'number' as const,
      cellOf: (counts: ReadonlyMap<string, ReachCounts>) =>
        counts.get(platform)?.stated ?? null,
    },
    {
      key: `reach.${platform}.verified`,
      question: `${platformNames[platform]} followers (verified)`,
      type: 'number' as const,
      cellOf: (counts: ReadonlyMap<string, ReachCounts>) =>
        counts.get(platform)?.verified ?? null,
    },
  ]);
const noCounts: ReadonlyMap<string, ReachCounts> = new Map();

const withoutCell = <Source>({ cellOf: _, ...column }: Column<Source>) =>
  column;

// A question reworded in a later configuration is another column: each application keeps the words it was asked in.
const columnId = (column: ExportColumn) => `${column.key}\n${column.question}`;

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
  // Where each answer of a version goes, by its key: a version's questions are fixed, so a row finds
  // its cells without building the question's identity again for every answer of every application.
  const placesByVersion = new Map<string | null, Map<string, number>>();
  const placesFor = async (version: string | null) => {
    let places = placesByVersion.get(version);
    if (!places) {
      places = new Map();
      for (const column of await descriptions.columnsFor(version))
        places.set(column.key, answerIds.indexOf(columnId(column)));
      placesByVersion.set(version, places);
    }
    return places;
  };

  async function* batches(): AsyncGenerator<ExportCell[][]> {
    let pausedAt = performance.now();
    for await (const batch of repository.batches(selection, exportBatchSize)) {
      const workOf = await teamWorkOf(database, batch);
      const reach = await reachCountsOf(
        database.db,
        batch.map((application) => application.id),
      );
      const rows: ExportCell[][] = [];
      for (const application of batch) {
        if (performance.now() - pausedAt > holdMsAtMost) {
          await new Promise(setImmediate);
          pausedAt = performance.now();
        }
        const team = workOf(application);
        const places = await placesFor(application.configVersion);
        // One array per row, filled in column order: an export builds 100,000 of them.
        const row: ExportCell[] = [];
        for (const column of leadingColumns)
          row.push(column.cellOf(application));
        const answersFrom = row.length;
        for (let index = 0; index < answerIds.length; index++) row.push('');
        for (const step of await descriptions.describe(application, {
          links: false,
        }))
          for (const answer of step.answers) {
            const place = places.get(answer.key);
            if (place !== undefined && place >= 0)
              row[answersFrom + place] = answer.text;
          }
        for (const column of teamColumns) row.push(column.cellOf(team));
        for (const column of sourceColumns)
          row.push(column.cellOf(application));
        for (const column of attributionColumns)
          row.push(column.cellOf(application));
        const counts = reach.get(application.id) ?? noCounts;
        for (const column of reachColumns) row.push(column.cellOf(counts));
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
