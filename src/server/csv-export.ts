import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ExportCell, ExportTable } from './export-table.ts';
import { isPhoneNumber } from './format-phone.ts';

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@`, or their full-width forms (East
 * Asian spreadsheets read `＝` as `=`). Where the separator is `;` or a tab, the quotes around a
 * cell stop counting and every `;`, tab or line break inside it may start a cell of its own; so a
 * quote goes before each such start, and before a leading tab or carriage return. A cell that is a
 * phone number alone (`+44 7700 900123`) is left as it is: digits, spaces and hyphens after a `+`
 * name no function, cell, file or address, so there is nothing in it to run, and a quote would
 * spoil every phone number of the export.
 */
const formulaAfterBreak =
  /(^|[;\t\r\n])([\s"]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/gu;
// Most cells hold none of the characters that start a formula: one scan lets them through untouched.
const couldRun = /[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/u;
export const withoutFormula = (cell: string) =>
  !couldRun.test(cell) || isPhoneNumber(cell)
    ? cell
    : (/^[\t\r]/.test(cell) ? `'${cell}` : cell).replace(
        formulaAfterBreak,
        "$1$2'",
      );

/** CSV as Excel and the other spreadsheets read it: UTF-8 announced by a byte-order mark, no cell a formula. */
export const spreadsheetCsv = {
  // Without the mark, Excel on Windows reads the file in the machine's code page: "Zoë" becomes "ZoÃ«".
  bom: true,
  // Quoted, a cell stays one cell in the locales that separate with ';' or a tab as well.
  quoted_match: /[",;\t\n\r]/,
  record_delimiter: '\r\n',
  cast: {
    string: withoutFormula,
    date: (date: Date) => date.toISOString(),
  },
} as const;

async function* lines({
  columns,
  rows,
}: ExportTable): AsyncGenerator<ExportCell[]> {
  yield columns.map((column) => column.question);
  yield columns.map((column) => column.key);
  yield* rows;
}

/**
 * An export as an RFC 4180 CSV stream: the questions as the first header row and their stable keys
 * as the second, then one row per application; dates as ISO 8601 instants.
 */
export function exportCsv(table: ExportTable): Readable {
  const csv = stringify(spreadsheetCsv);
  // pipeline destroys the CSV stream with the error when a read fails, so the response ends visibly broken.
  pipeline(Readable.from(lines(table)), csv, () => {});
  return csv;
}
