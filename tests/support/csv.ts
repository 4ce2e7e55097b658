import { parse } from 'csv-parse/sync';

/** An export read back (its byte-order mark taken off): its question row, its key row, and each application as cells, by key and in order. */
export function readExport(text: string) {
  const [questions = [], keys = [], ...rows] = parse(text, {
    bom: true,
  }) as string[][];
  return {
    questions,
    keys,
    cells: rows,
    rows: rows.map((row) =>
      Object.fromEntries(keys.map((key, index) => [key, row[index] ?? ''])),
    ),
  };
}
