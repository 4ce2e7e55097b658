import {
  parsePhoneNumberFromString,
  type MetadataJson,
} from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/metadata.min.json';
import { callingCodes } from '#engine/block-kinds/phone.ts';

/**
 * The numbering plans with each shared calling code left to its main country (+44 to the United
 * Kingdom, not also Guernsey, the Isle of Man and Jersey). Parsing a number under a shared code
 * otherwise tries every country of the code against each type of number before it formats: 20 to
 * 27 µs for a British number, where the number formatted under the main country alone takes 7 to 9,
 * and an export formats every phone of every application. The international format does not change:
 * the countries that share a code keep their number formats in the main country's plan, which is
 * also where the national prefix is read from; `format-phone.test.ts` holds the two readings equal.
 */
const byMainCountry: MetadataJson = {
  ...metadata,
  country_calling_codes: Object.fromEntries(
    Object.entries(metadata.country_calling_codes).map(([code, countries]) => [
      code,
      countries.slice(0, 1),
    ]),
  ),
};

/** `+12025550123` → `+1 202 555 0123`; a number the numbering plans do not know stays as it was written. */
export function formatPhone(international: string): string {
  return (
    parsePhoneNumberFromString(
      international,
      byMainCountry,
    )?.formatInternational() ?? international
  );
}
const phoneShape = /^\+[1-9][0-9 -]{3,22}[0-9]$/;
// E.164: a calling code of one to three digits, at most fifteen digits in all.
const digitsAtMost = 15;
const digitsAtLeast = 7;

/**
 * Whether a cell is an international phone number and nothing else: `+`, then digits grouped by
 * spaces or hyphens (`+44 7700 900123`, `+7 800 555-35-35`), led by a calling code some country has
 * and as many digits as E.164 allows. The shape is what makes the cell safe to leave unquoted; the
 * calling code and length keep `+0 1234 5678` from passing for a phone. No numbering plan is
 * parsed: an export asks this of every cell that starts with `+`, and a parse costs tens of
 * microseconds.
 */
export function isPhoneNumber(text: string): boolean {
  if (!phoneShape.test(text)) return false;
  const digits = text.replace(/[ -]/g, '').slice(1);
  return (
    digits.length >= digitsAtLeast &&
    digits.length <= digitsAtMost &&
    [1, 2, 3].some((length) => callingCodes.has(digits.slice(0, length)))
  );
}
