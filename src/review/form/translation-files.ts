import { parse } from 'csv-parse/browser/esm/sync';
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { TranslationRow } from './translation-rows.ts';

/**
 * A language of the form as a translator gets it and sends it back: each text by its path, with the
 * form's own words beside the translation so far. JSON as `{ "<path>": { "source", "translation" } }`;
 * CSV with the columns path, source, translation.
 */
export type TranslationFile = { name: string; type: string; content: string };

export function translationsAsJson(
  rows: readonly TranslationRow[],
  name: string,
): TranslationFile {
  const content = Object.fromEntries(
    rows.map((row) => [
      row.path,
      { source: row.source, translation: row.translation },
    ]),
  );
  return {
    name: `${name}.json`,
    type: 'application/json',
    content: `${JSON.stringify(content, null, 2)}\n`,
  };
}

export function translationsAsCsv(
  rows: readonly TranslationRow[],
  name: string,
): TranslationFile {
  return {
    name: `${name}.csv`,
    type: 'text/csv',
    content: stringify(
      rows.map(({ path, source, translation }) => ({
        path,
        source,
        translation,
      })),
      { header: true, columns: ['path', 'source', 'translation'] },
    ),
  };
}

/** What an imported file gave: the translations it carries, and each entry it refused, and why. */
export type TranslationImport = {
  taken: Record<string, string>;
  refused: string[];
};

/** A file that cannot be read at all: nothing of it is taken. */
export class UnreadableFile extends Error {}

type Entry = { where: string; path: unknown; translation: unknown };

/** The entries of a JSON file: path → text, or path → `{ translation }` as exported. */
function jsonEntries(content: string): Entry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    throw new UnreadableFile(
      `The file is not JSON (${(error as Error).message}).`,
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UnreadableFile(
      'The file holds no translations: it should be an object of paths and texts.',
    );
  return Object.entries(parsed).map(([path, value]) => ({
    where: path,
    path,
    translation:
      value !== null && typeof value === 'object' && 'translation' in value
        ? value.translation
        : value,
  }));
}

/** The entries of a CSV file with a header naming the columns path and translation. */
function csvEntries(content: string): Entry[] {
  let records: { info: { lines: number }; record: Record<string, string> }[];
  try {
    records = parse(content, {
      bom: true,
      columns: true,
      info: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    throw new UnreadableFile(
      `The file is not CSV this editor reads (${(error as Error).message}).`,
    );
  }
  const first = records[0]?.record;
  if (first && !('path' in first && 'translation' in first))
    throw new UnreadableFile(
      'The file’s first line must name the columns path and translation.',
    );
  return records.map(({ info, record }) => ({
    where: `Line ${info.lines}`,
    path: record.path,
    translation: record.translation,
  }));
}

/**
 * Reads a translator's file against the form's texts: a translation of a path the form has is
 * taken; an empty one is passed over (the current translation stays); any other entry is refused
 * with its place and reason. Throws `UnreadableFile` when the file is not JSON or CSV at all.
 */
export function readTranslationFile(
  fileName: string,
  content: string,
  paths: ReadonlySet<string>,
): TranslationImport {
  const entries = /\.csv$/i.test(fileName)
    ? csvEntries(content)
    : jsonEntries(content);
  const taken: Record<string, string> = {};
  const refused: string[] = [];
  for (const { where, path, translation } of entries) {
    const place =
      where === path ? `“${where}”` : `${where} (“${String(path)}”)`;
    if (typeof path !== 'string' || !paths.has(path))
      refused.push(`${place}: no text of this form has that path.`);
    else if (typeof translation !== 'string')
      refused.push(`${place}: the translation is not text.`);
    else if (translation.trim() !== '') taken[path] = translation;
  }
  return { taken, refused };
}

/** What an import did, in a sentence: "Took 12 translations; refused 2." */
export function importWords(
  fileName: string,
  { taken, refused }: TranslationImport,
): string {
  const count = Object.keys(taken).length;
  const took = `Took ${count} ${count === 1 ? 'translation' : 'translations'} from ${fileName}`;
  return refused.length === 0
    ? `${took}.`
    : `${took}; refused ${refused.length}, listed below.`;
}
