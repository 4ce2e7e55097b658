import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { expect, test } from 'vitest';
import type { ExportCell, TableColumn } from './export-table.ts';
import { xmlText } from './spreadsheet-ml.ts';
import { exportXlsx } from './xlsx-export.ts';

const columnsOf = (count: number): TableColumn[] =>
  Array.from({ length: count }, (_, index) => ({
    key: `answer${index + 1}`,
    question: `Question ${index + 1}`,
    type: 'text',
  }));

async function* rowsOf(...rows: ExportCell[][]) {
  yield rows;
}

async function readSheet(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Applications');
  if (!sheet) throw new Error('The workbook has no sheet "Applications"');
  return sheet;
}

test('text that XML cannot hold still makes a workbook that opens: control characters and half surrogate pairs are left out', async () => {
  const typed = 'tab\there, bell\u0007, half \uD83D pair, whole 😀, <b> & "q"';
  const sheet = await readSheet(
    await buffer(
      exportXlsx({ columns: columnsOf(1), batches: rowsOf([typed]) }),
    ),
  );
  expect(sheet.getRow(3).getCell(1).value).toBe(
    'tab\there, bell, half  pair, whole 😀, <b> & "q"',
  );
});

test('a run that a workbook would read as a character code is written to read as typed', () => {
  expect(xmlText('_x0041_ and _x00_')).toBe('_x005F_x0041_ and _x00_');
  expect(xmlText('plain text')).toBe('plain text');
});

test('dates and numbers are typed cells, empty cells stay empty, and columns past Z are named AA and on', async () => {
  const received = new Date('2026-03-04T05:06:00.000Z');
  const columns = columnsOf(28);
  const cells: ExportCell[] = columns.map((_, index) => `cell ${index + 1}`);
  cells[1] = received;
  cells[2] = -1;
  cells[3] = '';
  cells[26] = '  indented\nsecond line ';
  const sheet = await readSheet(
    await buffer(exportXlsx({ columns, batches: rowsOf(cells) })),
  );
  const row = sheet.getRow(3);
  expect(row.getCell(2).value).toEqual(received);
  expect(row.getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm');
  expect(row.getCell(3).value).toBe(-1);
  expect(row.getCell(4).value).toBeNull();
  expect(row.getCell(27).value).toBe('  indented\nsecond line ');
  expect(row.getCell(28).value).toBe('cell 28');
  expect(sheet.getRow(1).getCell(28).font.bold).toBe(true);
  expect(sheet.getRow(2).getCell(28).value).toBe('answer28');
});

test('rows are read as the download takes them, and no more once it goes away', async () => {
  let read = 0;
  let isClosed = false;
  async function* manyRows() {
    try {
      // Text that compresses little, as answers do, so that the buffers after the compressor fill too.
      for (; read < 100_000; read += 1)
        yield [[randomBytes(100).toString('hex')]];
    } finally {
      isClosed = true;
    }
  }
  const output = exportXlsx({ columns: columnsOf(1), batches: manyRows() });
  // Nothing takes the download: the reading stops once the buffers between are full.
  let seen = -1;
  await expect
    .poll(
      () => {
        const isStill = read > 0 && read === seen;
        seen = read;
        return isStill;
      },
      { interval: 100, timeout: 30_000 },
    )
    .toBe(true);
  expect(read).toBeLessThan(10_000);
  output.destroy();
  await expect.poll(() => isClosed).toBe(true);
  expect(read).toBeLessThan(10_000);
});
