import { PassThrough, pipeline, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ExportTable } from './export-table.ts';
import { createSheetWriter, fixedParts, sheetPath } from './spreadsheet-ml.ts';

/** About how much of the sheet goes to the compressor at a time. */
const chunkLength = 64 * 1024;

async function* sheetOf({ columns, batches }: ExportTable) {
  const sheet = createSheetWriter(columns);
  let chunk = sheet.start();
  for await (const rows of batches) {
    for (const cells of rows) chunk += sheet.row(cells);
    if (chunk.length >= chunkLength) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + sheet.end();
}

/**
 * An export as an Excel workbook, written as it is read: the sheet is compressed as its rows come
 * (zlib, off the event loop), and the next rows are read only as the download takes them, so
 * 100,000 applications never sit in memory. Cells are typed (text stays text, so a phone number or
 * a leading `=` is shown as written and never run; dates are dates, counts numbers), which is why no
 * cell needs the CSV's quote. The header rows are those of the CSV: questions, keys.
 */
export function exportXlsx(table: ExportTable): Readable {
  const zip = new ZipFile();
  const output = new PassThrough();
  // Level 1: the XML's repeated markup compresses nearly as well as at zlib's default, in half the time.
  const options = { compressionLevel: 1 };
  for (const [path, text] of Object.entries(fixedParts))
    zip.addBuffer(Buffer.from(text), path, options);
  const sheet = Readable.from(sheetOf(table), { objectMode: false });
  zip.addReadStream(sheet, sheetPath, options);
  zip.end();
  // A failed read ends the download visibly broken, as the CSV's does; a reader that went away ends
  // the reading.
  sheet.on('error', (error) => output.destroy(error));
  output.on('close', () => sheet.destroy());
  pipeline(zip.outputStream, output, () => {});
  return output;
}
