import {
  ask,
  isRecord,
  jsonOf,
  retryAfterMs,
  type Answer,
  type LookUpFn,
} from './look-up.ts';

export type InstagramSettings = {
  /** `GRAPH_API_URL`, e.g. https://graph.facebook.com/v24.0 */
  baseUrl: string;
  /** The organisation's own Instagram professional account, which asks. */
  accountId: string;
  accessToken: string;
  fetch?: typeof fetch;
  now?: () => number;
};

/** How many recent posts the engagement rate is the mean of. */
const recentMediaCount = 12;

/** The share of a usage header (in per cent) from which the platform's queue waits. */
const nearLimit = 95;

// Graph error codes of a spent budget: application (4), user (17), page (32), per-call (613),
// and Instagram's business use case (80002).
const rateLimitCodes = new Set([4, 17, 32, 613, 80002]);
// An expired or revoked token (190, 102); a permission the token lacks (10, 200–299).
const isCredentialCode = (code: number) =>
  code === 190 || code === 102 || code === 10 || (code >= 200 && code <= 299);
// Business Discovery's answer for an account it cannot show: unknown, or personal rather than
// professional (Meta gives both the same error, so the two cannot be told apart).
const notFoundSubcodes = new Set([2207013, 2207006]);

// An Instagram username: letters, digits, `.` and `_`, at most 30.
const usernamePattern = /^[\w.]{1,30}$/;

/**
 * The wait the usage headers ask for once a budget is (nearly) spent: the business use case's
 * `estimated_time_to_regain_access` in minutes when given; null (the queue's own pause) when a
 * header is near its limit without saying; undefined when there is room.
 */
function usageWaitMs(response: Response): number | null | undefined {
  const parse = (name: string): unknown => {
    const header = response.headers.get(name);
    if (!header) return undefined;
    try {
      return JSON.parse(header) as unknown;
    } catch {
      return undefined;
    }
  };
  const shares = (usage: unknown) =>
    isRecord(usage)
      ? ['call_count', 'total_cputime', 'total_time'].map((key) =>
          Number(usage[key] ?? 0),
        )
      : [];
  let isNear = shares(parse('x-app-usage')).some((share) => share >= nearLimit);
  let waitMs: number | null = null;
  const business = parse('x-business-use-case-usage');
  if (isRecord(business))
    for (const entries of Object.values(business))
      for (const usage of Array.isArray(entries) ? entries : []) {
        const regain = isRecord(usage)
          ? Number(usage.estimated_time_to_regain_access ?? 0)
          : 0;
        if (shares(usage).some((share) => share >= nearLimit) || regain > 0) {
          isNear = true;
          if (regain > 0) waitMs = Math.max(waitMs ?? 0, regain * 60_000);
        }
      }
  return isNear ? waitMs : undefined;
}

/**
 * Business Discovery: the organisation's professional account reads another professional account's
 * public follower count and its recent posts' likes and comments. Never throws; never puts the token
 * or the answer in an error's reason.
 */
export function instagramLookUp(settings: InstagramSettings): LookUpFn {
  const fetchFn = settings.fetch ?? fetch;
  const now = settings.now ?? Date.now;
  return async (handle): Promise<Answer> => {
    if (!usernamePattern.test(handle)) return { kind: 'not_found' };
    const fields = `business_discovery.username(${handle}){followers_count,media_count,media.limit(${recentMediaCount}){like_count,comments_count,timestamp}}`;
    const url = new URL(
      `${settings.baseUrl.replace(/\/$/, '')}/${encodeURIComponent(settings.accountId)}`,
    );
    url.searchParams.set('fields', fields);
    url.searchParams.set('access_token', settings.accessToken);
    const response = await ask(fetchFn, url, 'Graph API');
    if (!(response instanceof Response)) return response;
    const body = await jsonOf(response);
    const usageWait = usageWaitMs(response);
    const error = isRecord(body) && isRecord(body.error) ? body.error : null;
    if (
      response.status === 429 ||
      (error && rateLimitCodes.has(Number(error.code)))
    )
      return {
        kind: 'rate_limited',
        waitMs: retryAfterMs(response, now()) ?? usageWait ?? null,
      };
    const spent =
      usageWait === undefined ? {} : { spent: { waitMs: usageWait } };
    if (error) {
      const code = Number(error.code);
      const subcode = Number(error.error_subcode);
      if (isCredentialCode(code) || (code === 100 && subcode === 33))
        return {
          kind: 'bad_credentials',
          reason: `Graph API error code ${code}${Number.isFinite(subcode) ? ` (subcode ${subcode})` : ''}`,
        };
      if (notFoundSubcodes.has(subcode) || code === 110)
        return { kind: 'not_found', ...spent };
      return { kind: 'error', reason: `Graph API error code ${code}` };
    }
    const found =
      response.ok && isRecord(body) && isRecord(body.business_discovery)
        ? body.business_discovery
        : null;
    const followers = Number(found?.followers_count);
    if (!found || !Number.isSafeInteger(followers) || followers < 0)
      return {
        kind: 'error',
        reason: `the Graph API answered ${response.status} without a follower count`,
      };
    return {
      kind: 'verified',
      followers,
      engagementRate: engagementRateOf(found.media, followers),
      ...spent,
    };
  };
}

/**
 * The mean of likes plus comments over the recent posts, divided by the followers; null without
 * followers or posts. A post whose likes its author hid counts its comments only.
 */
export function engagementRateOf(
  media: unknown,
  followers: number,
): number | null {
  const posts =
    isRecord(media) && Array.isArray(media.data)
      ? media.data.filter(isRecord).slice(0, recentMediaCount)
      : [];
  if (followers === 0 || posts.length === 0) return null;
  const count = (value: unknown) =>
    Number.isFinite(Number(value)) ? Number(value) : 0;
  const total = posts.reduce(
    (sum, post) => sum + count(post.like_count) + count(post.comments_count),
    0,
  );
  return total / posts.length / followers;
}
