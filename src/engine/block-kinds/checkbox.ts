import * as z from 'zod/mini';
import {
  defineCodec,
  isRequiredAnswer,
  ownColumn,
  type BlockKind,
} from './answer.ts';
import { agreementPath } from './placements.ts';
import { decodeBoolean, encodeBoolean, showBoolean } from './yes-no.ts';

/** A ticked or unticked box, sent as "Yes" or "No"; the agreement is never sent. */
export const checkboxCodec = defineCodec<boolean>({
  schema: () => z.boolean(),
  empty: () => false,
  check: (value, answer, texts) =>
    isRequiredAnswer(answer) && !value
      ? [{ path: answer.path, message: texts.required }]
      : [],
  encode: (value, answer) =>
    answer.path === agreementPath
      ? []
      : [{ location: answer.path, text: encodeBoolean(value) }],
  // A stored application had its required agreement ticked; an optional one is not known.
  decode: (reader, answer) =>
    answer.path === agreementPath
      ? isRequiredAnswer(answer)
      : decodeBoolean(reader.take(answer.path), answer.path, reader.fail) ===
        true,
  show: (value, answer, { texts }) =>
    answer.path === agreementPath && !value
      ? []
      : showBoolean(value, answer, texts),
  columns: ownColumn,
});

export const checkboxKind: BlockKind<'checkbox'> = {
  answers: ({ data }) => [
    {
      path: data.path,
      label: data.label,
      codec: checkboxCodec,
      isFollowUp: false,
    },
  ],
};
