// exceljs' streaming writer alone: the package's entry also loads its readers, CSV and zip-reading
// code, about three times as much to evaluate, in one block of the event loop at the first
// workbook. The package is pinned to an exact version, so this path inside it does not move.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type { stream } from 'exceljs';

  const WorkbookWriter: typeof stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
