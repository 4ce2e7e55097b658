import { expect, test } from 'vitest';
import {
  exampleWith,
  withOverrides,
} from '../../../tests/support/wizard-configs.ts';
import {
  importWords,
  readTranslationFile,
  translationsAsCsv,
  translationsAsJson,
  UnreadableFile,
} from './translation-files.ts';
import { translationRows } from './translation-rows.ts';

const config = exampleWith(
  withOverrides({
    languages: ['en', 'de'],
    translations: { de: { 'steps.1.name': 'Allgemeine Angaben' } },
  }),
);
const rows = translationRows(config, 'de');
const paths = new Set(rows.map((row) => row.path));

test('a language exported as JSON or CSV reads back as the same translations', () => {
  const json = translationsAsJson(rows, 'form-de');
  expect(json.name).toBe('form-de.json');
  expect(JSON.parse(json.content)['steps.1.name']).toEqual({
    source: 'General Information',
    translation: 'Allgemeine Angaben',
  });
  const csv = translationsAsCsv(rows, 'form-de');
  expect(csv.content.split('\n')[0]).toBe('path,source,translation');
  for (const file of [json, csv])
    expect(readTranslationFile(file.name, file.content, paths)).toEqual({
      taken: { 'steps.1.name': 'Allgemeine Angaben' },
      refused: [],
    });
});

test('a translator’s CSV: texts with commas, quotes and lines are taken, unknown paths refused by line', () => {
  const content = [
    'path,source,translation',
    'title,Apply,"Bewerben, jetzt"',
    'steps.9.name,Gone,Weg',
    'steps.1.heading,,',
    '"texts.required","x","Bitte ""ausfüllen""',
    'hier"',
  ].join('\n');
  const read = readTranslationFile('de.CSV', content, paths);
  expect(read).toEqual({
    taken: {
      title: 'Bewerben, jetzt',
      'texts.required': 'Bitte "ausfüllen"\nhier',
    },
    refused: ['Line 3 (“steps.9.name”): no text of this form has that path.'],
  });
  expect(importWords('de.CSV', read)).toBe(
    'Took 2 translations from de.CSV; refused 1, listed below.',
  );
});

test('JSON of path and text is read too; an entry that is not text is refused by its path', () => {
  const read = readTranslationFile(
    'de.json',
    JSON.stringify({ title: 'Bewerben', 'steps.1.name': 3, nowhere: 'x' }),
    paths,
  );
  expect(read).toEqual({
    taken: { title: 'Bewerben' },
    refused: [
      '“steps.1.name”: the translation is not text.',
      '“nowhere”: no text of this form has that path.',
    ],
  });
});

test('a file that is not JSON or CSV at all is refused whole, naming why', () => {
  expect(() => readTranslationFile('de.json', '{ "title": ', paths)).toThrow(
    UnreadableFile,
  );
  expect(() => readTranslationFile('de.json', '["x"]', paths)).toThrow(
    /object of paths and texts/,
  );
  expect(() => readTranslationFile('de.csv', 'a,b\n"unclosed', paths)).toThrow(
    UnreadableFile,
  );
  expect(() =>
    readTranslationFile('de.csv', 'key,text\ntitle,Bewerben', paths),
  ).toThrow(/columns path and translation/);
});
