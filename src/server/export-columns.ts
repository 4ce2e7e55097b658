import type { ExportColumn } from '#engine/describe-application.ts';
import { languageNameIn } from '#engine/languages/language-tags.ts';
import { platformNames } from '#engine/platforms.ts';
import { stageLabels, stages, type Stage } from '#engine/stages.ts';
import { hiddenFilterKey } from '#review-api/inbox.ts';
import { lookedUpPlatforms } from '#review-api/reach.ts';
import type { ExportedApplication } from './db/inbox-selection.ts';
import type { ExportCell, ExportSources, TableColumn } from './export-table.ts';
import type { ReachCounts } from './reach/reach-counts.ts';
import type { TeamWork } from './review/team-work.ts';

/** A column of an export and how its cell is made from what the export read. */
export type Column<Source> = TableColumn & {
  cellOf: (source: Source) => ExportCell;
};

/** Which application, when it came, its form, and the title of the call it was sent to. */
export const leadingColumnsOf = (
  callTitle: ExportSources['callTitle'],
): Array<Column<ExportedApplication>> => [
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
    cellOf: ({ language }) =>
      language === null ? null : languageNameIn(language, 'en'),
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
export const teamColumns: Array<Column<TeamWork>> = [
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
export const sourceColumns: Array<Column<ExportedApplication>> = [
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
export const attributionColumnsOf = (
  hiddenFields: Iterable<string>,
): Array<Column<ExportedApplication>> => [
  ...[...hiddenFields].map((name): Column<ExportedApplication> => ({
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
export const reachColumns: Array<Column<ReadonlyMap<string, ReachCounts>>> =
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

export const withoutCell = <Source>({ cellOf: _, ...column }: Column<Source>) =>
  column;

// A question reworded in a later configuration is another column: each application keeps the words it was asked in.
export const columnId = (column: ExportColumn) =>
  `${column.key}\n${column.question}`;
