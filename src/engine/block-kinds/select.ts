import * as z from 'zod/mini';
import { resolveOptions } from '../options.ts';
import { choiceSeparator } from './placements.ts';
import { interpolate, type Texts } from '../texts.ts';
import {
  defineCodec,
  isRequiredAnswer,
  ownColumn,
  textEntry,
  type Answer,
  type FieldIssue,
  type BlockKind,
} from './answer.ts';

function optionName(answer: Answer, value: string): string {
  return (
    answer.options?.find((option) => option.value === value)?.name ?? value
  );
}

function checkChosen(
  chosen: readonly string[],
  answer: Answer,
  texts: Texts,
): FieldIssue[] {
  const issue = (message: string) => [{ path: answer.path, message }];
  if (chosen.length === 0)
    return isRequiredAnswer(answer) ? issue(texts.selectRequired) : [];
  if (
    chosen.some(
      (item) => !answer.options?.some((option) => option.value === item),
    )
  )
    return issue(texts.selectRequired);
  const max = answer.validators.find(
    (validator) =>
      typeof validator !== 'string' && validator.name === 'maxItems',
  );
  if (typeof max === 'object' && chosen.length > max.max)
    return issue(interpolate(texts.tooMany, { max: max.max }));
  return [];
}

/** One option of a select, sent by its value and shown by its name (a country, a state). */
export const choiceCodec = defineCodec<string>({
  schema: () => z.string(),
  empty: () => '',
  check: (value, answer, texts) =>
    checkChosen(value === '' ? [] : [value], answer, texts),
  encode: (value, answer) => textEntry(answer.path, value),
  decode: (reader, answer) => reader.take(answer.path) ?? '',
  show: (value, answer) =>
    value.trim() === ''
      ? []
      : [
          {
            key: answer.path,
            question: answer.label,
            text: optionName(answer, value),
          },
        ],
  columns: ownColumn,
});

/** Several options of a multi select, joined into one payload value. */
export const choicesCodec = defineCodec<string[]>({
  schema: () => z.array(z.string()),
  empty: () => [],
  check: (value, answer, texts) => checkChosen(value, answer, texts),
  encode: (value, answer) =>
    textEntry(answer.path, value.join(choiceSeparator)),
  decode: (reader, answer) =>
    reader.take(answer.path)?.split(choiceSeparator) ?? [],
  show: (value, answer) =>
    value.length === 0
      ? []
      : [
          {
            key: answer.path,
            question: answer.label,
            text: value
              .map((item) => optionName(answer, item))
              .join(choiceSeparator),
          },
        ],
  columns: ownColumn,
});

export const selectKind: BlockKind<'select'> = {
  answers: ({ data }) => [
    {
      path: data.path,
      label: data.label,
      codec: data.multiple ? choicesCodec : choiceCodec,
      isFollowUp: false,
      options: resolveOptions(data.options),
    },
  ],
};
