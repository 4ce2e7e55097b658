import * as z from 'zod/mini';
import type { Block, SelectOption } from '../config-schema.ts';
import { resolveOptions } from '../options.ts';
import { getAt } from '../paths.ts';
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

/** The set of options, with its label, that the value of the `from` answer picks. */
export function optionSetFor(answer: Answer, picked: unknown) {
  return typeof picked === 'string'
    ? answer.optionSets?.sets[picked]
    : undefined;
}

/** The options an answer offers now: those of the set its `from` answer picks, or all of them. */
export function currentOptions(
  answer: Answer,
  picked: unknown,
): readonly SelectOption[] {
  if (!answer.optionSets) return answer.options ?? [];
  return optionSetFor(answer, picked)?.options ?? [];
}

function checkChosen(
  chosen: readonly string[],
  answer: Answer,
  texts: Texts,
  values: unknown,
): FieldIssue[] {
  const issue = (message: string) => [{ path: answer.path, message }];
  if (chosen.length === 0)
    return isRequiredAnswer(answer) ? issue(texts.selectRequired) : [];
  const offered = currentOptions(
    answer,
    answer.optionSets && getAt(values, answer.optionSets.from),
  );
  if (chosen.some((item) => !offered.some((option) => option.value === item)))
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
  check: (value, answer, texts, values) =>
    checkChosen(value === '' ? [] : [value], answer, texts, values),
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
  check: (value, answer, texts, values) =>
    checkChosen(value, answer, texts, values),
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

type SelectOptions = Extract<Block, { component: 'select' }>['data']['options'];

export const selectKind: BlockKind<'select'> = {
  answers: ({ data }, { lang }) => [
    {
      path: data.path,
      label: data.label,
      codec: data.multiple ? choicesCodec : choiceCodec,
      isFollowUp: false,
      ...optionsOf(data.options, lang),
    },
  ],
};

function optionsOf(
  source: SelectOptions,
  lang: string | undefined,
): Pick<Answer, 'options' | 'optionSets'> {
  if (typeof source === 'string' || Array.isArray(source))
    return { options: resolveOptions(source, lang) };
  const sets = Object.fromEntries(
    Object.entries(source.sets).map(([value, set]) => [
      value,
      { label: set.label, options: resolveOptions(set.options, lang) },
    ]),
  );
  return {
    options: Object.values(sets).flatMap((set) => set.options),
    optionSets: { from: source.from, sets },
  };
}
