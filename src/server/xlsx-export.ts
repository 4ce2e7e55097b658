import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { ExportTable, TableColumn } from './export-table.ts';

const widthOf = (column: TableColumn) =>
  column.key === 'review.notes' ? 60 : column.type === 'text' ? 24 : 18;

/**
 * An export as an Excel workbook, written as it is read: each row goes out compressed when it is
 * complete, so 100,000 applications never sit in memory. Cells are typed (text stays text, so a
 * phone number or a leading `=` is shown as written and never run; dates are dates, counts numbers),
 * which is why no cell needs the CSV's quote. The header rows are those of the CSV: questions, keys.
 */
export function exportXlsx(table: ExportTable): Readable {
  const output = new PassThrough();
  const write = async () => {
    // Loaded at the first workbook asked for: it would add a large share to every server start.
    const { default: WorkbookWriter } =
      await import('exceljs/lib/stream/xlsx/workbook-writer.js');
    const workbook = new WorkbookWriter({
      stream: output,
      // Inline strings: shared ones would be held until the end to be written last.
      useSharedStrings: false,
      useStyles: true,
    });
    const sheet = workbook.addWorksheet('Applications', {
      views: [{ state: 'frozen', ySplit: 2 }],
    });
    sheet.columns = table.columns.map((column) => ({
      width: widthOf(column),
    }));
    const questions = sheet.addRow(table.columns.map((c) => c.question));
    questions.font = { bold: true };
    questions.commit();
    sheet.addRow(table.columns.map((column) => column.key)).commit();
    // One style object per kind of column, shared by its cells: exceljs remembers a style by the
    // object's identity, and works one out anew for each cell that has an object of its own.
    const dateStyle = { numFmt: 'yyyy-mm-dd hh:mm' };
    const plainStyle = {};
    const styles = table.columns.map((column) =>
      column.type === 'date' ? dateStyle : plainStyle,
    );
    for await (const cells of table.rows) {
      const row = sheet.addRow(
        cells.map((cell) => (cell === '' ? null : cell)),
      );
      styles.forEach((style, index) => {
        row.getCell(index + 1).style = style;
      });
      row.commit();
      // A slow reader holds the export back instead of its rows piling up in memory; one that
      // went away ends it.
      if (output.writableNeedDrain)
        await Promise.race([once(output, 'drain'), once(output, 'close')]);
      if (output.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  // A failed read ends the download visibly broken, as the CSV's does.
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
