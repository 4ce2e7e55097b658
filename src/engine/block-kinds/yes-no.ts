import * as z from 'zod/mini';
import {
  defineCodec,
  isRequiredAnswer,
  ownColumn,
  type Answer,
  type BlockKind,
  type ShownAnswer,
} from './answer.ts';
import type { Texts } from '../texts.ts';
import { placements } from './placements.ts';
import { textCap, textCodec } from './text-input.ts';

/** A boolean travels as "Yes" or "No", whatever language the form speaks. */
const booleanText = { yes: 'Yes', no: 'No' } as const;

export function encodeBoolean(value: boolean): string {
  return value ? booleanText.yes : booleanText.no;
}

/** Reads "Yes" or "No" back; anything else is named as the problem. */
export function decodeBoolean(
  text: string | undefined,
  path: string,
  fail: (path: string, message: string) => void,
): boolean | null {
  if (text === undefined) return null;
  if (text === booleanText.yes) return true;
  if (text === booleanText.no) return false;
  fail(path, `Expected "${booleanText.yes}" or "${booleanText.no}"`);
  return null;
}

/** Yes or No in the words of the form's own language. */
export function showBoolean(
  value: boolean,
  answer: Answer,
  texts: Texts,
): ShownAnswer[] {
  return [
    {
      key: answer.path,
      question: answer.label,
      text: value ? texts.yes : texts.no,
    },
  ];
}

/** The answer of a yes/no panel: unanswered (null), Yes or No. */
export const yesNoCodec = defineCodec<boolean | null>({
  schema: () => z.nullable(z.boolean()),
  empty: () => null,
  check: (value, answer, texts) =>
    isRequiredAnswer(answer) && value === null
      ? [{ path: answer.path, message: texts.answerRequired }]
      : [],
  encode: (value, answer) =>
    value === null
      ? []
      : [{ location: answer.path, text: encodeBoolean(value) }],
  decode: (reader, answer) =>
    decodeBoolean(reader.take(answer.path), answer.path, reader.fail),
  show: (value, answer, { texts }) =>
    value === null ? [] : showBoolean(value, answer, texts),
  columns: ownColumn,
});

/** A yes/no panel binds `path.value`, and `path.text` for its follow-up, which is asked only on its trigger. */
export const yesNoKind: BlockKind<'yesNo'> = {
  answers({ data }) {
    const [valuePath = '', textPath = ''] = placements.yesNo.answerPaths({
      component: 'yesNo',
      data,
    });
    const question = {
      path: valuePath,
      label: data.label,
      codec: yesNoCodec,
      isFollowUp: false,
    };
    const { followUp } = data;
    if (!followUp) return [question];
    return [
      question,
      {
        path: textPath,
        label: followUp.label,
        codec: textCodec,
        maxLength: textCap(followUp.multiline),
        isFollowUp: true,
        // The follow-up box is required exactly when it is shown.
        validators: ['required'],
        showOn: { path: valuePath, equals: followUp.trigger },
      },
    ];
  },
};
