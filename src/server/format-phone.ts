import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** `+12025550123` → `+1 202 555 0123`; a number the numbering plans do not know stays as it was written. */
export function formatPhone(international: string): string {
  return (
    parsePhoneNumberFromString(international)?.formatInternational() ??
    international
  );
}

/**
 * Whether a cell is an international phone number and nothing else: `+`, then digits grouped by
 * spaces or hyphens (`+44 7700 900123`, `+7 800 555-35-35`), a length the numbering plans allow.
 */
export function isPhoneNumber(text: string): boolean {
  return (
    /^\+[0-9][0-9 -]{3,22}[0-9]$/.test(text) &&
    parsePhoneNumberFromString(text)?.isPossible() === true
  );
}
