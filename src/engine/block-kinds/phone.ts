import * as z from 'zod/mini';
import { countries } from '../../reference-data/countries.ts';
import { interpolate } from '../texts.ts';
import {
  checkPhone,
  hasPhoneNumber,
  maxLengths,
  type PhoneValue,
} from '../validators.ts';
import {
  defineCodec,
  isRequiredAnswer,
  ownColumn,
  type BlockKind,
} from './answer.ts';

/** Every calling code the country list offers, as the phone answer stores it (`44`, `1-684`). */
export const callingCodes: ReadonlySet<string> = new Set(
  countries.flatMap((entry) => entry.countryCodes),
);

const parts = ['countryCode', 'subscriber'] as const;

/**
 * The calling code and the number, as two entries below the answer's path; a blank part is left
 * out, and a phone without a number is left out whole (its calling code alone is no answer).
 */
export const phoneCodec = defineCodec<PhoneValue>({
  schema: () =>
    z.strictObject({ countryCode: z.string(), subscriber: z.string() }),
  // The calling code starts at 1 (United States), as the reference form does.
  empty: () => ({ countryCode: '1', subscriber: '' }),
  check(phone, answer, texts) {
    const issues = checkPhone(phone, isRequiredAnswer(answer)).map(
      ({ part, message }) => ({
        path: `${answer.path}.${part}`,
        message: texts[message],
      }),
    );
    if (issues.length > 0 || !hasPhoneNumber(phone)) return issues;
    if (!callingCodes.has(phone.countryCode))
      return [
        {
          path: `${answer.path}.countryCode`,
          message: texts.phoneCodeRequired,
        },
      ];
    if (phone.subscriber.trim().length > maxLengths.count)
      return [
        {
          path: `${answer.path}.subscriber`,
          message: interpolate(texts.tooLong, { max: maxLengths.count }),
        },
      ];
    return [];
  },
  encode: (phone, answer) =>
    (hasPhoneNumber(phone) ? parts : []).flatMap((part) => {
      const text = phone[part].trim();
      return text === '' ? [] : [{ location: `${answer.path}.${part}`, text }];
    }),
  decode(reader, answer) {
    if (reader.take(answer.path) !== undefined)
      reader.fail(
        answer.path,
        'Expected an object with countryCode and subscriber',
      );
    return {
      countryCode: reader.take(`${answer.path}.countryCode`) ?? '',
      subscriber: reader.take(`${answer.path}.subscriber`) ?? '',
    };
  },
  show(phone, answer, { formatPhone, links }) {
    const subscriber = phone.subscriber.trim();
    if (subscriber === '') return [];
    const international = `+${phone.countryCode.replace(/\D/g, '')}${subscriber}`;
    return [
      {
        key: answer.path,
        question: answer.label,
        text: formatPhone(international),
        ...(links && { href: `tel:${international}` }),
      },
    ];
  },
  columns: ownColumn,
});

export const phoneKind: BlockKind<'phone'> = {
  answers: ({ data }) => [
    {
      path: data.path,
      label: data.label,
      codec: phoneCodec,
      isFollowUp: false,
    },
  ],
};
