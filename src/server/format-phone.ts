import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { callingCodes } from '#engine/block-kinds/phone.ts';

/** `+12025550123` → `+1 202 555 0123`; a number the numbering plans do not know stays as it was written. */
export function formatPhone(international: string): string {
  return (
    parsePhoneNumberFromString(international)?.formatInternational() ??
    international
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
