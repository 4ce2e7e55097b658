import * as z from 'zod/mini';
import { countryNameOf } from './country-names.ts';
import {
  platformAnswersOf,
  type ApplicationPayload,
  type PlatformAnswer,
} from './payload.ts';
import { platformKeys, platformNames, type PlatformKey } from './platforms.ts';
import { countedFollowers } from './reach-claims.ts';

/**
 * A call's address: `/apply/<slug>`, and the page id its applications are sent under. Lower case,
 * so two calls never differ by case alone; never reused, so an old link never opens another call.
 */
const callSlugPattern = /^[a-z0-9][a-z0-9-]{1,62}$/;

export const callSlugSchema = z
  .string()
  .check(
    z.regex(
      callSlugPattern,
      'A call’s address is 2 to 63 lower-case letters, digits or hyphens, starting with a letter or digit',
    ),
  );

/**
 * The address of any call, the default one included: it takes its slug from the form's page id,
 * which may be written in capitals or with underscores, as page ids always could.
 */
export const callAddressSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected the address of a call'));

/** Who a call is looking for. It never refuses an applicant: it tells staff what an application misses. */
export const eligibilitySchema = z.strictObject({
  /** At least this many followers on one platform. */
  minFollowers: z.optional(z.number().check(z.int(), z.minimum(0))),
  /** The applicant's country is one of these (ISO 3166-1 alpha-2). */
  countries: z.optional(
    z.array(z.string().check(z.regex(/^[A-Z]{2}$/, 'Expected a country code'))),
  ),
  /** At least one of these platforms is named. */
  platforms: z.optional(z.array(z.enum(platformKeys))),
});

export type Eligibility = z.output<typeof eligibilitySchema>;

/** What eligibility reads of an application. */
export type EligibilityFacts = {
  countryCode: string | null;
  /** Each platform's count as typed, and the platform's own (`verified`) once it has given one. */
  platforms: ReadonlyArray<
    Pick<PlatformAnswer, 'platform' | 'followers'> & {
      verified?: number | null;
    }
  >;
};

/** What eligibility reads of an application's answers. */
export const eligibilityFactsOf = (
  payload: ApplicationPayload,
): EligibilityFacts => ({
  countryCode:
    typeof payload.personalInfo.countryCode === 'string'
      ? payload.personalInfo.countryCode
      : null,
  platforms: platformAnswersOf(payload),
});

const listOf = (names: readonly string[]) =>
  names.length < 2
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;

/** One plain sentence for each rule the application misses; none when it meets them all. */
export function unmetEligibility(
  rules: Eligibility | null | undefined,
  facts: EligibilityFacts,
): string[] {
  if (!rules) return [];
  const unmet: string[] = [];
  const { minFollowers, countries: wanted, platforms } = rules;
  if (
    minFollowers !== undefined &&
    minFollowers > 0 &&
    !facts.platforms.some((answer) => countedFollowers(answer) >= minFollowers)
  )
    unmet.push(
      `Fewer than ${minFollowers.toLocaleString('en')} followers on every platform`,
    );
  if (wanted && wanted.length > 0 && !wanted.includes(facts.countryCode ?? ''))
    unmet.push(
      facts.countryCode
        ? `Lives in ${countryNameOf(facts.countryCode)}, not in ${listOf(wanted.map((code) => countryNameOf(code)))}`
        : `No country given; the call is for ${listOf(wanted.map((code) => countryNameOf(code)))}`,
    );
  if (
    platforms &&
    platforms.length > 0 &&
    !facts.platforms.some((answer) =>
      platforms.includes(answer.platform as PlatformKey),
    )
  )
    unmet.push(
      `Not on ${listOf(platforms.map((platform) => platformNames[platform]))}`,
    );
  return unmet;
}

export const callStatuses = ['scheduled', 'open', 'closed'] as const;
export type CallStatus = (typeof callStatuses)[number];

/** The dates and flag a call's status follows from. */
export type CallSchedule = {
  opensAt: string | null;
  closesAt: string | null;
  archived: boolean;
};

/** Scheduled before it opens, closed after it closes or once archived, else open; by the server's clock. */
export function callStatusOf(call: CallSchedule, now: Date): CallStatus {
  if (call.archived) return 'closed';
  if (call.opensAt && now < new Date(call.opensAt)) return 'scheduled';
  if (call.closesAt && now >= new Date(call.closesAt)) return 'closed';
  return 'open';
}

/** How long after closing an application is still stored (marked late): it was being filled in as the call closed. */
export const lateGraceMs = 60 * 60 * 1000;
