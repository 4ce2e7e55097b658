import type * as PhoneParser from 'libphonenumber-js/min';
import {
  splitPhoneNumber,
  type CallingCodeOption,
} from '#engine/calling-codes.ts';

type Parser = typeof PhoneParser;

let parser: Promise<Parser> | undefined;

/**
 * libphonenumber and its numbering plans, fetched only once a phone field is in use: they are
 * larger than everything else the form needs, which must not wait for them.
 */
export function loadPhoneParser(): Promise<Parser> {
  parser ??= import('libphonenumber-js/min').catch((error: unknown) => {
    // A later paste tries again (the connection may be back).
    parser = undefined;
    throw error;
  });
  return parser;
}

/**
 * A phone number as people write it (`+44 (0)7700-900 123`, `tel:+33…`, or `(202) 555-0123` read
 * with the calling code shown), as a calling-code option and the digits after it; nothing when the
 * text is no phone number.
 */
export async function readPhoneNumber(
  text: string,
  shown: CallingCodeOption | undefined,
  countryCode: string,
): Promise<ReturnType<typeof splitPhoneNumber>> {
  const { parsePhoneNumberFromString, isSupportedCountry } =
    await loadPhoneParser();
  const read = parsePhoneNumberFromString(
    text,
    shown && isSupportedCountry(shown.isoCode2)
      ? { defaultCountry: shown.isoCode2 }
      : { defaultCallingCode: shown?.code.split('-')[0] },
  );
  return read && splitPhoneNumber(read, shown, countryCode);
}
