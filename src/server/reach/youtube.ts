import {
  ask,
  isRecord,
  jsonOf,
  retryAfterMs,
  type Answer,
  type LookUpFn,
} from './look-up.ts';

export type YouTubeSettings = {
  /** `YOUTUBE_API_URL`, e.g. https://www.googleapis.com/youtube/v3 */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  now?: () => number;
};

// A YouTube handle: letters, digits, `_`, `-` and `.`, 3 to 30 of them.
const handlePattern = /^[\w.-]{3,30}$/;

const quotaReasons = new Set(['quotaExceeded', 'dailyLimitExceeded']);
const rateReasons = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);
// The key itself is wrong, expired, restricted away from this server, or its API is not enabled.
const keyReasons = new Set([
  'keyInvalid',
  'keyExpired',
  'API_KEY_INVALID',
  'API_KEY_EXPIRED',
  'accessNotConfigured',
  'SERVICE_DISABLED',
  'ipRefererBlocked',
  'API_KEY_IP_ADDRESS_BLOCKED',
  'API_KEY_SERVICE_BLOCKED',
]);

/** The error reasons of a Google API answer, in both its older (`errors`) and newer (`details`) shape. */
function reasonsOf(body: unknown): string[] {
  if (!isRecord(body) || !isRecord(body.error)) return [];
  const { errors, details } = body.error;
  return [
    ...(Array.isArray(errors) ? errors : []),
    ...(Array.isArray(details) ? details : []),
  ]
    .filter(isRecord)
    .map((entry) => String(entry.reason ?? ''))
    .filter(Boolean);
}

/** The daily quota comes back at midnight, Pacific time. */
export function msUntilPacificMidnight(now: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(now);
  const part = (type: string) =>
    Number(parts.find((each) => each.type === type)?.value ?? 0);
  const elapsed =
    ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000;
  return 24 * 60 * 60 * 1000 - elapsed;
}

/**
 * A channel's subscriber count by its handle, with an API key (one unit of the daily quota a
 * request). YouTube gives no engagement figure a key may read without listing every video, so none.
 */
export function youtubeLookUp(settings: YouTubeSettings): LookUpFn {
  const fetchFn = settings.fetch ?? fetch;
  const now = settings.now ?? Date.now;
  return async (handle): Promise<Answer> => {
    if (!handlePattern.test(handle)) return { kind: 'not_found' };
    const url = new URL(`${settings.baseUrl.replace(/\/$/, '')}/channels`);
    url.searchParams.set('part', 'statistics');
    url.searchParams.set('forHandle', `@${handle}`);
    url.searchParams.set('key', settings.apiKey);
    const response = await ask(fetchFn, url, 'YouTube Data API');
    if (!(response instanceof Response)) return response;
    const body = await jsonOf(response);
    const reasons = reasonsOf(body);
    if (reasons.some((reason) => quotaReasons.has(reason)))
      return { kind: 'rate_limited', waitMs: msUntilPacificMidnight(now()) };
    if (
      response.status === 429 ||
      reasons.some((reason) => rateReasons.has(reason))
    )
      return { kind: 'rate_limited', waitMs: retryAfterMs(response, now()) };
    const keyReason = reasons.find((reason) => keyReasons.has(reason));
    if (keyReason)
      return {
        kind: 'bad_credentials',
        reason: `the YouTube Data API refused the key (${keyReason})`,
      };
    if (!response.ok || !isRecord(body))
      return {
        kind: 'error',
        reason: `the YouTube Data API answered ${response.status}`,
      };
    const [channel] = Array.isArray(body.items) ? body.items : [];
    if (!isRecord(channel)) return { kind: 'not_found' };
    const statistics = isRecord(channel.statistics) ? channel.statistics : {};
    if (statistics.hiddenSubscriberCount === true)
      return { kind: 'not_public' };
    const subscribers = Number(statistics.subscriberCount);
    if (!Number.isSafeInteger(subscribers) || subscribers < 0)
      return {
        kind: 'error',
        reason: 'the YouTube Data API answered without a subscriber count',
      };
    return { kind: 'verified', followers: subscribers, engagementRate: null };
  };
}
