import type { ApplicationPayload } from '#engine/payload.ts';

/** The applicant's name as the inbox lists it: first and last name, as given. */
export function fullNameOf(payload: ApplicationPayload): string {
  const personal = payload.personalInfo;
  return [personal.firstName, personal.lastName]
    .filter((part) => typeof part === 'string')
    .join(' ');
}
