import { Readable } from 'node:stream';
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

// Quoted, a cell stays one cell in the locales that separate with ';' or a tab as well.
const needsQuotes = /[",;\t\n\r]/;

function csvField(cell: ExportCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  if (cell instanceof Date) return cell.toISOString();
  const text = withoutFormula(cell);
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record of RFC 4180 CSV as the spreadsheets read it: no cell a formula, dates as ISO 8601 instants. */
export function csvRecord(cells: readonly (ExportCell | undefined)[]): string {
  let record = '';
  for (let index = 0; index < cells.length; index++)
    record += (index === 0 ? '' : ',') + csvField(cells[index]);
  return `${record}\r\n`;
}

/** Without the mark, Excel on Windows reads the file in the machine's code page: "Zoë" becomes "ZoÃ«". */
export const byteOrderMark = '\uFEFF';

async function* csvText({ columns, batches }: ExportTable) {
  yield (
    byteOrderMark +
    csvRecord(columns.map((column) => column.question)) +
    csvRecord(columns.map((column) => column.key))
  );
  for await (const rows of batches) {
    let text = '';
    for (const row of rows) text += csvRecord(row);
    yield text;
  }
}

/**
 * An export as a CSV stream that Excel and the other spreadsheets read: UTF-8 announced by a
 * byte-order mark, the questions as the first header row and their stable keys as the second, then
 * one row per application. Each batch of rows is one piece of text, so the stream's machinery runs
 * once per batch rather than once per row. A failed read destroys the stream, so the response ends
 * visibly broken.
 */
export function exportCsv(table: ExportTable): Readable {
  return Readable.from(csvText(table), { objectMode: false });
}
