import type { lookedUpPlatforms } from '#review-api/reach.ts';

/** What a platform said of one handle, or why it said nothing. */
export type LookUp =
  | { kind: 'verified'; followers: number; engagementRate: number | null }
  | { kind: 'not_found' }
  | { kind: 'not_public' }
  /** The platform's budget is spent: its whole queue waits, for as long as it said when it did. */
  | { kind: 'rate_limited'; waitMs: number | null }
  /** The organisation's credential was refused: nothing of the platform can be looked up until it is replaced. */
  | { kind: 'bad_credentials'; reason: string }
  /** Anything else (a 5xx, a timeout, an answer of another shape): tried again later. */
  | { kind: 'error'; reason: string };

/**
 * An answer, and whether it spent the platform's budget: a platform may answer this request and
 * say in its headers that the next ones would be refused, so its queue waits before asking again.
 */
export type Answer = LookUp & { spent?: { waitMs: number | null } };

export type LookUpFn = (handle: string) => Promise<Answer>;

export type LookedUpPlatform = (typeof lookedUpPlatforms)[number];

/** How long a single request may take before it counts as an error and is tried again later. */
const requestTimeoutMs = 15_000;

/**
 * A handle as the platforms take it: the applicant may have typed `@name` or pasted their profile's
 * address. Null when what is left cannot be a handle, which is then not asked at all (it would
 * otherwise travel inside the Graph API's field expression).
 */
export function handleOf(typed: string): string | null {
  let handle = typed.trim();
  const address = /^(?:https?:\/\/)?(?:www\.|m\.)?[a-z.]+\.com\/(.+)$/i.exec(
    handle,
  );
  if (address?.[1]) handle = address[1].split(/[/?#]/)[0] ?? '';
  handle = handle.replace(/^@/, '');
  return /^[\w.-]{1,100}$/.test(handle) ? handle : null;
}

/** The body of an answer as JSON, or null when it is not. */
export async function jsonOf(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The wait a `Retry-After` header asks for (seconds or a date), or null without one. */
export function retryAfterMs(response: Response, now: number): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A GET of a platform's API, or the error a look-up ends in when the platform cannot be reached. */
export async function ask(
  fetchFn: typeof fetch,
  url: URL,
  apiName: string,
): Promise<Response | Extract<LookUp, { kind: 'error' }>> {
  try {
    return await fetchFn(url, {
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch (error) {
    return {
      kind: 'error',
      reason:
        error instanceof Error && error.name === 'TimeoutError'
          ? `the ${apiName} did not answer in time`
          : `the ${apiName} could not be reached`,
    };
  }
}
