import { createServer, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ApplicationPayload } from '../../src/engine/payload.ts';

/**
 * What a stand-in does for a handle: a professional account or channel with these numbers (the
 * default, with 1,000 followers), an account it cannot show (`unknown`, or `personal`: Meta answers
 * both alike), a channel that hides its count, or a server error.
 */
export type HandleBehaviour =
  | {
      kind: 'account';
      followers: number;
      /** Likes and comments of the recent posts, newest first (Instagram). */
      media?: Array<{ likes?: number; comments: number }>;
    }
  | { kind: 'unknown' | 'personal' | 'hidden' | 'server_error' }
  /** YouTube: the project's daily quota is spent. */
  | { kind: 'quota' };

export type StandInOptions = {
  /** The credential the organisation was given; any other is refused as a bad token or key. */
  credential: string;
  handles?: Record<string, HandleBehaviour>;
  /** After this many answers the budget is spent: the next request is refused, and every one until `resetMs` has passed. */
  rateLimitEvery?: number;
  resetMs?: number;
  /** Answers spend the budget in the usage headers rather than by refusing (Instagram). */
  usageHeaderAt?: number;
  /** The port to listen on (a server started before the stand-in was told it); any free one by default. */
  port?: number;
};

/** A stand-in API on a local port, counting every request and what each handle was asked. */
export type StandIn = {
  url: string;
  /** Every request, refused ones included. */
  calls: () => number;
  /** Requests refused for the rate limit. */
  refused: () => number;
  /** Requests answered (not refused for the rate limit), by handle. */
  answeredOf: (handle: string) => number;
  /** Every request's full address, for tests that look at what was sent. */
  requests: string[];
  set: (options: Partial<StandInOptions>) => void;
  close: () => Promise<void>;
};

type Route = (
  url: URL,
  handle: string,
  behaviour: HandleBehaviour,
  respond: (status: number, body: unknown) => void,
) => void;

async function startStandIn(
  initial: StandInOptions,
  handleOf: (url: URL) => string | null,
  credentialOf: (url: URL) => string | null,
  answers: {
    badCredential: (respond: (status: number, body: unknown) => void) => void;
    rateLimited: (respond: (status: number, body: unknown) => void) => void;
    found: Route;
  },
): Promise<StandIn> {
  let options = initial;
  let calls = 0;
  let refused = 0;
  let answeredInWindow = 0;
  let closedAt: number | null = null;
  let refusedInWindow = 0;
  const answered = new Map<string, number>();
  const requests: string[] = [];
  const server = createServer((request, response: ServerResponse) => {
    calls += 1;
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(url.href);
    const respond = (status: number, body: unknown, headers = {}) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=UTF-8',
        ...headers,
      });
      response.end(JSON.stringify(body));
    };
    // A spent budget refuses at least the next request, and every one until `resetMs` has passed.
    if (
      closedAt !== null &&
      refusedInWindow > 0 &&
      Date.now() - closedAt >= (options.resetMs ?? 0)
    ) {
      closedAt = null;
      answeredInWindow = 0;
      refusedInWindow = 0;
    }
    if (closedAt !== null) {
      refused += 1;
      refusedInWindow += 1;
      answers.rateLimited(respond);
      return;
    }
    if (credentialOf(url) !== options.credential) {
      answers.badCredential(respond);
      return;
    }
    const handle = handleOf(url) ?? '';
    answered.set(handle, (answered.get(handle) ?? 0) + 1);
    answeredInWindow += 1;
    if (options.rateLimitEvery && answeredInWindow >= options.rateLimitEvery)
      closedAt = Date.now();
    const behaviour = options.handles?.[handle] ?? {
      kind: 'account',
      followers: 1000,
    };
    if (behaviour.kind === 'server_error') {
      respond(500, {
        error: { message: 'An unknown error occurred', code: 1 },
      });
      return;
    }
    const spent =
      options.usageHeaderAt !== undefined &&
      answeredInWindow >= options.usageHeaderAt;
    answers.found(url, handle, behaviour, (status, body) =>
      respond(
        status,
        body,
        spent
          ? {
              'x-app-usage': JSON.stringify({
                call_count: 100,
                total_cputime: 12,
                total_time: 20,
              }),
            }
          : {},
      ),
    );
  });
  await new Promise<void>((resolve) =>
    server.listen(initial.port ?? 0, '127.0.0.1', () => resolve()),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    refused: () => refused,
    answeredOf: (handle) => answered.get(handle) ?? 0,
    requests,
    set: (changes) => {
      options = { ...options, ...changes };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The Graph API's Business Discovery, as documented: `GET /{account id}?fields=business_discovery
 * .username(<handle>){…}&access_token=…` at `{url}/v24.0`, with its error shapes.
 */
export function startGraphStandIn(options: StandInOptions) {
  return startStandIn(
    options,
    (url) =>
      /business_discovery\.username\(([^)]*)\)/.exec(
        url.searchParams.get('fields') ?? '',
      )?.[1] ?? null,
    (url) => url.searchParams.get('access_token'),
    {
      badCredential: (respond) =>
        respond(400, {
          error: {
            message:
              'Error validating access token: Session has expired on Friday, 27-Nov-26 09:00:00 PST.',
            type: 'OAuthException',
            code: 190,
            error_subcode: 463,
            fbtrace_id: 'AbCdEfGh',
          },
        }),
      rateLimited: (respond) =>
        respond(403, {
          error: {
            message: 'Application request limit reached',
            type: 'OAuthException',
            is_transient: true,
            code: 4,
            fbtrace_id: 'AbCdEfGh',
          },
        }),
      found: (_url, handle, behaviour, respond) => {
        if (behaviour.kind !== 'account') {
          respond(400, {
            error: {
              message: 'Invalid user id',
              type: 'OAuthException',
              code: 110,
              error_subcode: 2207013,
              is_transient: false,
              error_user_title: 'Cannot find User',
              error_user_msg: `The user with username: ${handle} cannot be found.`,
              fbtrace_id: 'AbCdEfGh',
            },
          });
          return;
        }
        const media = behaviour.media ?? [];
        respond(200, {
          business_discovery: {
            followers_count: behaviour.followers,
            media_count: media.length,
            media: {
              data: media.map((post, index) => ({
                ...(post.likes !== undefined && { like_count: post.likes }),
                comments_count: post.comments,
                timestamp: new Date(
                  Date.UTC(2026, 10, 20 - index),
                ).toISOString(),
                id: `1789${index}`,
              })),
            },
            id: '17841400000000000',
          },
          id: '17841405309211844',
        });
      },
    },
  );
}

/** The YouTube Data API's `channels?part=statistics&forHandle=@<handle>&key=…`, as documented. */
export function startYouTubeStandIn(options: StandInOptions) {
  return startStandIn(
    options,
    (url) => url.searchParams.get('forHandle')?.replace(/^@/, '') ?? null,
    (url) => url.searchParams.get('key'),
    {
      badCredential: (respond) =>
        respond(400, {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            errors: [
              {
                message: 'API key not valid. Please pass a valid API key.',
                domain: 'global',
                reason: 'badRequest',
              },
            ],
            status: 'INVALID_ARGUMENT',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason: 'API_KEY_INVALID',
                domain: 'googleapis.com',
                metadata: { service: 'youtube.googleapis.com' },
              },
            ],
          },
        }),
      rateLimited: (respond) =>
        respond(403, {
          error: {
            code: 403,
            message: 'The request cannot be completed because of a rate limit.',
            errors: [
              {
                message: 'Rate limit exceeded.',
                domain: 'youtube.quota',
                reason: 'rateLimitExceeded',
              },
            ],
          },
        }),
      found: (_url, handle, behaviour, respond) => {
        const list = {
          kind: 'youtube#channelListResponse',
          etag: 'etag',
          pageInfo: { totalResults: 1, resultsPerPage: 5 },
        };
        if (behaviour.kind === 'quota') {
          respond(403, {
            error: {
              code: 403,
              message:
                'The request cannot be completed because you have exceeded your quota.',
              errors: [
                {
                  message:
                    'The request cannot be completed because you have exceeded your quota.',
                  domain: 'youtube.quota',
                  reason: 'quotaExceeded',
                },
              ],
            },
          });
          return;
        }
        if (behaviour.kind === 'unknown' || behaviour.kind === 'personal') {
          respond(200, {
            ...list,
            pageInfo: { totalResults: 0, resultsPerPage: 5 },
          });
          return;
        }
        respond(200, {
          ...list,
          items: [
            {
              kind: 'youtube#channel',
              etag: 'etag',
              id: `UC${handle}`,
              statistics:
                behaviour.kind === 'account'
                  ? {
                      viewCount: '5000',
                      subscriberCount: String(behaviour.followers),
                      hiddenSubscriberCount: false,
                      videoCount: '12',
                    }
                  : {
                      viewCount: '5000',
                      hiddenSubscriberCount: true,
                      videoCount: '12',
                    },
            },
          ],
        });
      },
    },
  );
}

/** A test server's reach settings: Instagram asked through this stand-in, the queue looked at often. */
export const instagramThrough = (graph: StandIn, accessToken: string) => ({
  instagram: {
    baseUrl: graph.url,
    accountId: '17841405309211844',
    accessToken,
  },
  worker: { pollMs: 20 },
});

/** An application with these platforms' handles (and 500 followers typed for each). */
export function applicationWith(
  platforms: Record<string, string>,
): ApplicationPayload {
  return {
    personalInfo: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailAddress: `${randomUUID()}@example.com`,
      countryCode: 'GB',
      phone: { countryCode: '44', subscriber: '7700900123' },
    },
    platforms: Object.fromEntries(
      Object.entries(platforms).map(([platform, handle]) => [
        platform,
        { handle, followers: '500' },
      ]),
    ),
    fields: [],
  };
}
