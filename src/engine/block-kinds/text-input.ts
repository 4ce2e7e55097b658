import * as z from 'zod/mini';
import { profileUrl } from '../platforms.ts';
import { interpolate } from '../texts.ts';
import {
  checkDigits,
  checkEmail,
  checkHandle,
  checkPhoneText,
  checkWebsiteUrl,
  checkZip,
  checkCount,
  maxLengths,
  type Check,
} from '../validators.ts';
import type { Validator } from '../config-schema.ts';
import {
  defineCodec,
  isRequiredAnswer,
  ownColumn,
  textEntry,
  type Answer,
  type BlockKind,
} from './answer.ts';

const namedChecks: Partial<Record<Validator & string, Check>> = {
  email: checkEmail,
  digits: checkDigits,
  zip: checkZip,
  followers: checkCount,
  websiteUrl: checkWebsiteUrl,
  handle: checkHandle,
  phoneText: checkPhoneText,
};

function hrefFor(answer: Answer, text: string): string | undefined {
  switch (answer.linkAs) {
    case 'email':
      return checkEmail(text) === null ? `mailto:${text}` : undefined;
    case 'tel':
      return `tel:${text.replace(/[^\d+]/g, '')}`;
    case 'url':
      return checkWebsiteUrl(text) === null
        ? profileUrl('website', text)
        : undefined;
    default:
      return undefined;
  }
}

/** Free text, single-line or multi-line: the text input and the follow-up of a yes/no question. */
export const textCodec = defineCodec<string>({
  schema: () => z.string(),
  empty: () => '',
  check(value, answer, texts) {
    const text = value.trim();
    const issue = (message: string) => [{ path: answer.path, message }];
    // An answer of spaces alone is no answer.
    if (text === '')
      return isRequiredAnswer(answer) ? issue(texts.required) : [];
    if (text.length > answer.maxLength)
      return issue(interpolate(texts.tooLong, { max: answer.maxLength }));
    for (const validator of answer.validators) {
      const check =
        typeof validator === 'string' ? namedChecks[validator] : undefined;
      const failure = check?.(text);
      if (failure) return issue(texts[failure]);
    }
    return [];
  },
  encode: (value, answer) => textEntry(answer.path, value),
  decode: (reader, answer) => reader.take(answer.path) ?? '',
  show(value, answer, { links }) {
    const text = value.trim();
    if (text === '') return [];
    const href = links ? hrefFor(answer, text) : undefined;
    return [
      {
        key: answer.path,
        question: answer.label,
        text,
        ...(href && { href }),
        ...(answer.isFollowUp && { isFollowUp: true }),
      },
    ];
  },
  columns: ownColumn,
});

/** The length cap of a text answer: the form's default, lowered by a `maxLength` validator. */
export function textCap(isMultiline: boolean): number {
  return isMultiline ? maxLengths.multiline : maxLengths.line;
}

export const textInputKind: BlockKind<'textInput'> = {
  answers: ({ data }) => [
    {
      path: data.path,
      label: data.label,
      codec: textCodec,
      maxLength: textCap(data.multiline),
      isFollowUp: false,
      linkAs:
        data.inputType === 'email' ||
        data.inputType === 'tel' ||
        data.inputType === 'url'
          ? data.inputType
          : undefined,
    },
  ],
};
