import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** `+12025550123` → `+1 202 555 0123`; a number the numbering plans do not know stays as it was written. */
export function formatPhone(international: string): string {
  return (
    parsePhoneNumberFromString(international)?.formatInternational() ??
    international
  );
}
