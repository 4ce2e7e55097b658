import { useId, useState } from 'react';
import { useEditedCall } from './edited-call.ts';
import {
  importWords,
  readTranslationFile,
  translationsAsCsv,
  translationsAsJson,
  UnreadableFile,
  type TranslationFile,
} from './translation-files.ts';
import type { TranslationRow } from './translation-rows.ts';
import type { FormEditor } from './use-form-editor.ts';

function download({ name, type, content }: TranslationFile) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

const formats = [
  ['JSON', translationsAsJson],
  ['CSV', translationsAsCsv],
] as const;

type Outcome = { text: string; refused: string[]; isError: boolean };

/**
 * A language as a file for a translator, and the translator's file taken back: what it brought is
 * written over the translations (one undo step), what it could not is listed, and a file that
 * cannot be read changes nothing.
 */
export function TranslationFileTools({
  editor,
  tag,
  rows,
}: {
  editor: FormEditor;
  tag: string;
  rows: readonly TranslationRow[];
}) {
  const slug = useEditedCall();
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const name = `${slug}-${tag}`;
  const take = async (file: File) => {
    const paths = new Set(rows.map((row) => row.path));
    try {
      const read = readTranslationFile(file.name, await file.text(), paths);
      editor.edit((draft) => {
        draft.translations = {
          ...draft.translations,
          [tag]: { ...draft.translations[tag], ...read.taken },
        };
      });
      setOutcome({
        text: importWords(file.name, read),
        refused: read.refused,
        isError: false,
      });
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      setOutcome({
        text: `Nothing was taken from ${file.name}: ${error.message} Your translations are as they were.`,
        refused: [],
        isError: true,
      });
    }
  };
  return (
    <div className="translations__files">
      {formats.map(([format, write]) => (
        <button
          key={format}
          type="button"
          className="button button--outlined"
          onClick={() => download(write(rows, name))}
        >
          Download {format}
        </button>
      ))}
      <label htmlFor={`${id}-file`}>Take translations from a file</label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".json,.csv,application/json,text/csv"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void take(file);
        }}
      />
      <div role="status" className={outcome?.isError ? 'error' : undefined}>
        {outcome && <p>{outcome.text}</p>}
        {outcome && outcome.refused.length > 0 && (
          <ul aria-label="Refused">
            {outcome.refused.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
