import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { ExportColumn } from '#engine/describe-application.ts';
import type { ApplicationDescriptions } from './application-descriptions.ts';
import type {
  ApplicationsRepository,
  InboxSelection,
} from './db/applications-repository.ts';

const fixedColumns: ExportColumn[] = [
  { key: 'id', question: 'Application ID' },
  { key: 'receivedAt', question: 'Received at' },
  { key: 'pageId', question: 'Form' },
];

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@`, or their full-width forms (East
 * Asian spreadsheets read `＝` as `=`). Where the separator is `;` or a tab, the quotes around a
 * cell stop counting and every `;`, tab or line break inside it may start a cell of its own; so a
 * quote goes before each such start, and before a leading tab or carriage return.
 */
const formulaAfterBreak =
  /(^|[;\t\r\n])([\s"]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/gu;
export const withoutFormula = (cell: string) =>
  (/^[\t\r]/.test(cell) ? `'${cell}` : cell).replace(
    formulaAfterBreak,
    "$1$2'",
  );

// A question reworded in a later configuration is another column: each application keeps the words it was asked in.
const columnId = (column: ExportColumn) => `${column.key}\n${column.question}`;

async function* rows(
  repository: ApplicationsRepository,
  descriptions: ApplicationDescriptions,
  selection: InboxSelection,
): AsyncGenerator<string[]> {
  // The current version leads, so the columns follow today's form.
  const versions = new Set<string | null>([
    descriptions.currentVersion(),
    ...(await repository.configVersionsOf(selection)),
  ]);
  const columns = new Map<string, ExportColumn>();
  for (const version of versions)
    for (const column of await descriptions.columnsFor(version))
      if (!columns.has(columnId(column))) columns.set(columnId(column), column);
  const answerColumns = [...columns.keys()];
  const header = [...fixedColumns, ...columns.values()];
  yield header.map((column) => column.question);
  yield header.map((column) => column.key);
  for await (const application of repository.iterate(selection)) {
    const cells = new Map<string, string>();
    for (const step of await descriptions.describe(application))
      for (const answer of step.answers)
        cells.set(columnId(answer), answer.text);
    yield [
      application.id,
      application.receivedAt,
      application.pageId,
      ...answerColumns.map((id) => cells.get(id) ?? ''),
    ];
  }
}

/**
 * The export as an RFC 4180 CSV stream: the questions as the first header row and their stable keys
 * as the second, then one row per application with the answers as people read them. Applications
 * are read in batches, never all at once.
 */
export function exportApplicationsCsv(
  repository: ApplicationsRepository,
  descriptions: ApplicationDescriptions,
  selection: InboxSelection = {},
): Readable {
  const csv = stringify({
    // Quoted, a cell stays one cell in the locales that separate with ';' or a tab as well.
    quoted_match: /[",;\t\n\r]/,
    record_delimiter: '\r\n',
    cast: { string: withoutFormula },
  });
  // pipeline destroys the CSV stream with the error when a read fails, so the response ends visibly broken.
  pipeline(
    Readable.from(rows(repository, descriptions, selection)),
    csv,
    () => {},
  );
  return csv;
}

/** Sends the applications selected (all by default) as a CSV download named after today's date. */
export function sendApplicationsCsv(
  reply: FastifyReply,
  repository: ApplicationsRepository,
  descriptions: ApplicationDescriptions,
  selection: InboxSelection = {},
): FastifyReply {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'Content-Disposition',
      `attachment; filename="applications-${stamp}.csv"`,
    )
    .send(exportApplicationsCsv(repository, descriptions, selection));
}
