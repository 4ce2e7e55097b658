import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ApplicationPayload } from '#engine/payload.ts';
import type { ApplicationsRepository } from './db/applications-repository.ts';

/** One flat record per application: `personalInfo.firstName`, `platforms.instagram.handle`, `fields.single.…`. */
export function flattenApplication(
  payload: ApplicationPayload,
): Map<string, string> {
  const cells = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      for (const [key, child] of Object.entries(value))
        walk(`${prefix}.${key}`, child);
    else cells.set(prefix, String(value));
  };
  walk('personalInfo', payload.personalInfo);
  walk('platforms', payload.platforms);
  for (const field of payload.fields)
    cells.set(`fields.${field.key}`, field.value);
  return cells;
}

/** ASVS 1.2.10 / CWE-1236: a cell a spreadsheet would read as a formula starts with a quote instead. */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r\0]/.test(cell) ? `'${cell}` : cell;
}

async function* rows(
  repository: ApplicationsRepository,
): AsyncGenerator<string[]> {
  // First pass: the columns, one per field key any application has, in order of first appearance.
  const columns = new Set<string>();
  for await (const application of repository.iterate())
    for (const key of flattenApplication(application.payload).keys())
      columns.add(key);
  const keys = [...columns];
  yield ['id', 'receivedAt', 'pageId', ...keys];
  for await (const application of repository.iterate()) {
    const cells = flattenApplication(application.payload);
    yield [
      application.id,
      application.receivedAt,
      application.pageId,
      ...keys.map((key) => neutraliseFormula(cells.get(key) ?? '')),
    ];
  }
}

/** The export as an RFC 4180 CSV stream; applications are read in batches, never all at once. */
export function exportApplicationsCsv(
  repository: ApplicationsRepository,
): Readable {
  const csv = stringify({ quoted_match: /[",\n\r]/, record_delimiter: '\r\n' });
  // pipeline destroys the CSV stream with the error when a read fails, so the response ends visibly broken.
  pipeline(Readable.from(rows(repository)), csv, () => {});
  return csv;
}
