import { platformAnswersOf, type ApplicationPayload } from '#engine/payload.ts';

/** The applicant's name as the inbox lists it: first and last name, as given. */
export function fullNameOf(payload: ApplicationPayload): string {
  const personal = payload.personalInfo;
  return [personal.firstName, personal.lastName]
    .filter((part) => typeof part === 'string')
    .join(' ');
}

/**
 * What the inbox lists, sorts, filters and searches by, kept beside the payload when an application
 * is stored: its platforms with their followers, their sum, and the handles in lower case.
 */
export function inboxColumnsOf(payload: ApplicationPayload) {
  const platforms = platformAnswersOf(payload);
  return {
    reach: platforms.reduce((sum, platform) => sum + platform.followers, 0),
    platforms: JSON.stringify(platforms),
    handles: platforms
      .map((platform) => platform.handle.toLowerCase())
      .join(' '),
  };
}
