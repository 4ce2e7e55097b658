import { platformNames, type PlatformKey } from '#engine/platforms.ts';
import { isOverstated } from '#engine/reach-claims.ts';
import { lookedUpPlatforms, type ReachEntry } from '#review-api/reach.ts';
import { exactTime } from '#review/lib/format.ts';

type LookedUp = (typeof lookedUpPlatforms)[number];

const isLookUpPlatform = (platform: string): platform is LookedUp =>
  (lookedUpPlatforms as readonly string[]).includes(platform);

/** The variables that turn each platform's look-ups on, as the README names them. */
const credentialsOf: Record<LookedUp, string> = {
  instagram: 'INSTAGRAM_ACCOUNT_ID and INSTAGRAM_ACCESS_TOKEN',
  youtube: 'YOUTUBE_API_KEY',
};

/** What a platform's look-up finds when it finds none: Instagram asks for an account, YouTube for a channel. */
const notFoundOf: Record<LookedUp, string> = {
  instagram: 'Instagram shows no public professional account of that name',
  youtube: 'YouTube has no channel with that handle',
};

export const platformNameOf = (platform: string) =>
  platformNames[platform as PlatformKey] ?? platform;

const counts = new Intl.NumberFormat('en');
const rates = new Intl.NumberFormat('en', {
  style: 'percent',
  maximumFractionDigits: 1,
});

/** A follower count as staff read it: "15,300". */
export const countText = (count: number) => counts.format(count);

/** Likes and comments per post over followers, as a share: "3.2%"; a dash where there is none. */
export const engagementText = (rate: number | null) =>
  rate === null ? '—' : rates.format(rate);

/** When the platform last answered; before that, that it has not. */
export const checkedText = (checkedAt: string | null) =>
  checkedAt === null ? 'Not checked yet' : exactTime(checkedAt);

/** Whether the server asks this entry's platform: it has the organisation's credentials for it. */
export const isAsked = (
  entry: Pick<ReachEntry, 'platform'>,
  lookUps: readonly string[],
) => lookUps.includes(entry.platform);

/**
 * The entry's status in words, and what it means for the reviewer: why a number is missing, and
 * what would bring it.
 */
export function statusText(
  entry: Pick<ReachEntry, 'platform' | 'status' | 'verified'>,
  lookUps: readonly string[],
): string {
  const name = platformNameOf(entry.platform);
  const platform = isLookUpPlatform(entry.platform) ? entry.platform : null;
  switch (entry.status) {
    case 'verified':
      return `Verified: the count ${name} itself gives`;
    case 'pending':
      return entry.verified === null
        ? `Pending: waiting for ${name} to answer`
        : `Pending: asking ${name} again; the count shown is its last`;
    case 'not_found':
      return `Not found: ${platform ? notFoundOf[platform] : `${name} has no account of that name`}`;
    case 'not_public':
      return `Not public: the ${name} channel hides its count`;
    case 'failed':
      return `Failed: ${name} gave no answer for a day. Check again later; if it fails again, the server’s log says why`;
    case 'unavailable':
      if (!platform)
        return `Unavailable: ${name} gives no one else’s follower count to an organisation, so it is not checked`;
      if (!lookUps.includes(platform))
        return `Unavailable: not looked up, as the server has no ${name} credentials (${credentialsOf[platform]}; the README says how to make them)`;
      return `Pending: waiting for ${name} to answer`;
  }
}

/** Whether the applicant's count is more than 25 % above the platform's own. */
export const isOverstatedEntry = (
  entry: Pick<ReachEntry, 'stated' | 'verified'>,
) => entry.verified !== null && isOverstated(entry.stated, entry.verified);

/** Whether the view should look again soon: a platform the server asks has not answered yet. */
export const isAwaitingAnswer = (
  entries: ReadonlyArray<Pick<ReachEntry, 'platform' | 'status'>>,
  lookUps: readonly string[],
) =>
  entries.some(
    (entry) =>
      isAsked(entry, lookUps) &&
      (entry.status === 'pending' || entry.status === 'unavailable'),
  );

/**
 * How long the view waits before its next look at a look-up still waiting: soon at first, then
 * less often, as a platform whose budget is spent may take a quarter of an hour.
 */
export const nextLookMs = (looksSoFar: number) =>
  Math.min(2_000 * 1.5 ** looksSoFar, 30_000);

/** Why nothing is looked up, when the server asks no platform the applicant named; null when it asks one. */
export function nothingAskedText(
  entries: ReadonlyArray<Pick<ReachEntry, 'platform'>>,
  lookUps: readonly string[],
): string | null {
  if (entries.some((entry) => isAsked(entry, lookUps))) return null;
  return lookUps.length === 0
    ? 'Nothing is looked up: the server has none of the organisation’s platform credentials. An administrator can set them as the README’s “Verified reach” section says.'
    : `Nothing is looked up for this application: the server looks up only ${lookUps.map(platformNameOf).join(' and ')}.`;
}
