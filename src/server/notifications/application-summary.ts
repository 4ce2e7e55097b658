import { countryNameOf } from '#engine/country-names.ts';
import { platformAnswersOf, type ApplicationPayload } from '#engine/payload.ts';
import { fullNameOf } from '../db/applicant-columns.ts';

/** Counts as staff messages show them: 12,500. */
export const wholeNumber = new Intl.NumberFormat('en');

/** What staff e-mails and webhooks may say of an applicant: who, from where, on which platforms. */
export function summaryOf(payload: ApplicationPayload) {
  const personal = payload.personalInfo;
  const platforms = platformAnswersOf(payload);
  const countryCode =
    typeof personal.countryCode === 'string' ? personal.countryCode : null;
  return {
    name: fullNameOf(payload),
    firstName: typeof personal.firstName === 'string' ? personal.firstName : '',
    email:
      typeof personal.emailAddress === 'string' ? personal.emailAddress : '',
    countryCode,
    country: countryCode ? countryNameOf(countryCode) : 'country not given',
    platforms,
    reach: platforms.reduce((sum, platform) => sum + platform.followers, 0),
  };
}

export const applicationUrlOf = (publicOrigin: string, id: string) =>
  `${publicOrigin}/review?open=${encodeURIComponent(id)}`;
