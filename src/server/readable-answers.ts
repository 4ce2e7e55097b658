import { createHash } from 'node:crypto';
import type { ApplicationModel } from '#engine/application-schema.ts';
import {
  describeApplication,
  describeColumns,
} from '#engine/describe-application.ts';
import type { ApplicationPayload } from '#engine/payload.ts';
import { formatPhone } from './format-phone.ts';

/**
 * Which way of describing an application wrote the readable answers stored with it. Raised whenever
 * describing changes what an export shows (a codec's wording, the format of phone numbers): answers
 * stored under another revision are described again as an export reads them.
 * `readable-answers.test.ts` fails when the description of its reference applications changes while
 * this stays.
 */
export const readableAnswersRevision = 1;

/** How the texts `readableAnswersOf` writes begin: those stored under another revision begin otherwise. */
export const currentRevisionHead = `{"revision":${readableAnswersRevision},`;

/** Whether texts were stored under this revision: none, or another's, are described again. */
export const hasCurrentRevision = (stored: string | null): stored is string =>
  stored?.startsWith(currentRevisionHead) ?? false;

type StoredAnswers = {
  revision: number;
  /** Which columns the texts stand in (`columnsOf`). */
  columns: string;
  texts: string[];
};

type Columns = {
  count: number;
  places: ReadonlyMap<string, number>;
  digest: string;
};
const columnsByModel = new WeakMap<ApplicationModel, Columns>();

/**
 * The export's columns of a model's answers, each key's place among them, and a digest of their
 * keys: stored texts are read only under the columns they were written for, so a configuration
 * read differently since (one that no longer parses is read as the current one) cannot shift them.
 */
function columnsOf(model: ApplicationModel): Columns {
  let columns = columnsByModel.get(model);
  if (!columns) {
    const keys = describeColumns(model).map((column) => column.key);
    columns = {
      count: keys.length,
      places: new Map(keys.map((key, place) => [key, place])),
      digest: createHash('sha256')
        .update(keys.join('\n'))
        .digest('base64url')
        .slice(0, 16),
    };
    columnsByModel.set(model, columns);
  }
  return columns;
}

/**
 * An application's answers as an export writes them, one text per column of its model's answers
 * (`describeColumns`), empty where it gave none: worded as people read them, without links.
 */
export function answerTextsOf(
  payload: ApplicationPayload,
  model: ApplicationModel,
): string[] {
  const { count, places } = columnsOf(model);
  const texts = new Array<string>(count).fill('');
  for (const step of describeApplication(payload, model, formatPhone, {
    links: false,
  }))
    for (const answer of step.answers) {
      const place = places.get(answer.key);
      if (place !== undefined) texts[place] = answer.text;
    }
  return texts;
}

/**
 * What is stored with a new application beside its answers: the same answers as an export writes
 * them, under the model they were answered under. Describing took half an export's time (its phone
 * numbers formatted, its conditions followed), and an application's answers never change once
 * stored, so it is done once, when it is stored, rather than at every export.
 */
export function readableAnswersOf(
  payload: ApplicationPayload,
  model: ApplicationModel,
): string {
  return JSON.stringify({
    revision: readableAnswersRevision,
    columns: columnsOf(model).digest,
    texts: answerTextsOf(payload, model),
  } satisfies StoredAnswers);
}

/**
 * The texts stored with an application, as `answerTextsOf` gives them under `model`; none when it
 * was stored before they were, under another revision, or for other columns.
 */
export function storedAnswerTexts(
  stored: string | null,
  model: ApplicationModel,
): readonly string[] | undefined {
  if (!hasCurrentRevision(stored)) return undefined;
  const { columns, texts } = JSON.parse(stored) as StoredAnswers;
  return columns === columnsOf(model).digest ? texts : undefined;
}
