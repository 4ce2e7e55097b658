import type { ExportCell, TableColumn } from './export-table.ts';

// The parts of an Office Open XML workbook (ECMA-376) with one sheet, as few as Excel, LibreOffice
// and Numbers open without a repair: docs/decisions/042 says why they are written here.

const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationships =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationships =
  'http://schemas.openxmlformats.org/package/2006/relationships';
const contentType = 'application/vnd.openxmlformats-officedocument';

const sheetName = 'Applications';
export const sheetPath = 'xl/worksheets/sheet1.xml';

/** Every part but the sheet, by its path in the zip. */
export const fixedParts: Record<string, string> = {
  '[Content_Types].xml':
    `${declaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/xl/workbook.xml" ContentType="${contentType}.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/${sheetPath}" ContentType="${contentType}.spreadsheetml.worksheet+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${contentType}.spreadsheetml.styles+xml"/>` +
    `</Types>`,
  '_rels/.rels':
    `${declaration}<Relationships xmlns="${packageRelationships}">` +
    `<Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/>` +
    `</Relationships>`,
  'xl/workbook.xml':
    `${declaration}<workbook xmlns="${main}" xmlns:r="${relationships}">` +
    `<sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels':
    `${declaration}<Relationships xmlns="${packageRelationships}">` +
    `<Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${relationships}/styles" Target="styles.xml"/>` +
    `</Relationships>`,
  // Cell formats by index: 0 plain, 1 bold (the questions), 2 a date and time.
  'xl/styles.xml':
    `${declaration}<styleSheet xmlns="${main}">` +
    `<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts>` +
    `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>` +
    `<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
    `<fills count="2"><fill><patternFill patternType="none"/></fill>` +
    `<fill><patternFill patternType="gray125"/></fill></fills>` +
    `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
    `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
    `<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
    `<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>` +
    `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
    `</styleSheet>`,
};

const boldStyle = 1;
const dateStyle = 2;

/** A column's letters: A…Z, AA…ZZ, AAA… */
function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

// XML 1.0 has no place for most control characters or a half of a surrogate pair: a file holding
// one does not open. `_x0041_` is how a workbook writes a character by its code, so an underscore
// that begins such a run is itself written by its code, and the text reads as typed.
const needsEscape =
  // eslint-disable-next-line no-control-regex -- finding them is the point
  /[&<>\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]|_x[\dA-Fa-f]{4}_/;
const escapes =
  // eslint-disable-next-line no-control-regex -- finding them is the point
  /[&<>]|[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|_(?=x[\dA-Fa-f]{4}_)/g;
const escapeOf = (character: string) =>
  character === '&'
    ? '&amp;'
    : character === '<'
      ? '&lt;'
      : character === '>'
        ? '&gt;'
        : character === '_'
          ? '_x005F_'
          : '';

/** Text as the content of an element: markup escaped, what XML cannot hold left out. */
export const xmlText = (text: string) =>
  needsEscape.test(text) ? text.replace(escapes, escapeOf) : text;

/** Days since 1899-12-30, the date a workbook counts from, as a time in UTC. */
const serialOf = (date: Date) => date.getTime() / 86_400_000 + 25_569;

/**
 * One sheet's rows as XML, each cell typed by its value: text as inline text (never a formula,
 * whatever it starts with), numbers as numbers, dates as numbers in the date format. An empty cell
 * is left out.
 */
export function createSheetWriter(columns: TableColumn[]) {
  const letters = columns.map((_, index) => columnLetters(index));
  let rowNumber = 0;
  const cellOf = (cell: ExportCell, index: number, style: string) => {
    if (cell === null || cell === '') return '';
    const at = `${letters[index]}${rowNumber}`;
    if (typeof cell === 'number')
      return `<c r="${at}"${style}><v>${cell}</v></c>`;
    if (cell instanceof Date)
      return `<c r="${at}" s="${dateStyle}"><v>${serialOf(cell)}</v></c>`;
    // Without it, a reader may drop the spaces a cell begins or ends with.
    const space = /^\s|\s$/.test(cell) ? ' xml:space="preserve"' : '';
    return `<c r="${at}" t="inlineStr"${style}><is><t${space}>${xmlText(cell)}</t></is></c>`;
  };
  const row = (cells: readonly ExportCell[], style = '') => {
    rowNumber += 1;
    let xml = `<row r="${rowNumber}">`;
    cells.forEach((cell, index) => {
      xml += cellOf(cell, index, style);
    });
    return `${xml}</row>`;
  };
  const width = (column: TableColumn) =>
    column.key === 'review.notes' ? 60 : column.type === 'text' ? 24 : 18;
  return {
    /** The sheet's start: the two header rows (the questions in bold, then the keys) kept in view. */
    start: () =>
      `${declaration}<worksheet xmlns="${main}">` +
      `<sheetViews><sheetView workbookViewId="0">` +
      `<pane ySplit="2" topLeftCell="A3" activePane="bottomLeft" state="frozen"/>` +
      `</sheetView></sheetViews><cols>` +
      columns
        .map(
          (column, index) =>
            `<col min="${index + 1}" max="${index + 1}" width="${width(column)}" customWidth="1"/>`,
        )
        .join('') +
      `</cols><sheetData>` +
      row(
        columns.map((column) => column.question),
        ` s="${boldStyle}"`,
      ) +
      row(columns.map((column) => column.key)),
    row: (cells: readonly ExportCell[]) => row(cells),
    end: () => '</sheetData></worksheet>',
  };
}
