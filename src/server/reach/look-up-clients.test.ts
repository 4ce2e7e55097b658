import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startGraphStandIn,
  startYouTubeStandIn,
  type StandIn,
} from '../../../tests/support/reach-stand-ins.ts';
import { engagementRateOf, instagramLookUp } from './instagram.ts';
import { handleOf } from './look-up.ts';
import { msUntilPacificMidnight, youtubeLookUp } from './youtube.ts';

const token = 'IGAAclient-token-0123456789';
const apiKey = 'AIzaClient-key-0123456789';

test('a handle is taken from what applicants type: @name, a profile address, or nothing usable', () => {
  expect(handleOf('@ada.travels')).toBe('ada.travels');
  expect(handleOf(' https://www.instagram.com/ada.travels/?hl=en ')).toBe(
    'ada.travels',
  );
  expect(handleOf('youtube.com/@adaflies')).toBe('adaflies');
  expect(handleOf('ada){followers_count}')).toBeNull();
  expect(handleOf('')).toBeNull();
});

test('the engagement rate is the mean of likes and comments over at most 12 posts, over followers', () => {
  const posts = (count: number) => ({
    data: Array.from({ length: count }, () => ({
      like_count: 90,
      comments_count: 10,
    })),
  });
  expect(engagementRateOf(posts(20), 1000)).toBe(0.1);
  expect(
    engagementRateOf(
      { data: [{ like_count: 30, comments_count: 10 }, { comments_count: 0 }] },
      100,
    ),
  ).toBe(0.2);
  expect(engagementRateOf(posts(0), 1000)).toBeNull();
  expect(engagementRateOf(posts(3), 0)).toBeNull();
});

test('YouTube’s daily quota comes back at midnight in California', () => {
  // 08:00 UTC on 28 November is midnight in Los Angeles (UTC−8).
  expect(msUntilPacificMidnight(Date.parse('2026-11-28T08:00:00Z'))).toBe(
    24 * 3_600_000,
  );
  expect(msUntilPacificMidnight(Date.parse('2026-11-28T07:00:00Z'))).toBe(
    3_600_000,
  );
});

describe('the Instagram client', () => {
  let graph: StandIn;
  beforeAll(async () => {
    graph = await startGraphStandIn({
      credential: token,
      handles: {
        'ada.travels': {
          kind: 'account',
          followers: 2000,
          media: [{ likes: 150, comments: 50 }],
        },
        nobody: { kind: 'unknown' },
        'ada.private': { kind: 'personal' },
        'ada.broken': { kind: 'server_error' },
      },
    });
  });
  afterAll(() => graph.close());
  const lookUp = (accessToken = token) =>
    instagramLookUp({
      baseUrl: `${graph.url}/v24.0/`,
      accountId: '17841405309211844',
      accessToken,
    });

  test('asks Business Discovery for the followers and the last 12 posts, and answers verified', async () => {
    expect(await lookUp()('ada.travels')).toEqual({
      kind: 'verified',
      followers: 2000,
      engagementRate: 0.1,
    });
    const asked = new URL(graph.requests.at(-1) ?? '');
    expect(asked.pathname).toBe('/v24.0/17841405309211844');
    expect(asked.searchParams.get('fields')).toBe(
      'business_discovery.username(ada.travels){followers_count,media_count,media.limit(12){like_count,comments_count,timestamp}}',
    );
    expect(asked.searchParams.get('access_token')).toBe(token);
  });

  test('an unknown or personal account is not found, a refused token is bad credentials without the token, a server error an error', async () => {
    expect(await lookUp()('nobody')).toEqual({ kind: 'not_found' });
    expect(await lookUp()('ada.private')).toEqual({ kind: 'not_found' });
    const refused = await lookUp('IGAAexpired-token-9876543210')('ada.travels');
    expect(refused).toEqual({
      kind: 'bad_credentials',
      reason: 'Graph API error code 190 (subcode 463)',
    });
    expect(await lookUp()('ada.broken')).toEqual({
      kind: 'error',
      reason: 'Graph API error code 1',
    });
  });

  test('a spent budget is a rate limit, and usage headers near 100 % spend it after the answer', async () => {
    graph.set({ rateLimitEvery: 1, resetMs: 60_000 });
    expect(await lookUp()('ada.travels')).toMatchObject({ kind: 'verified' });
    expect(await lookUp()('ada.travels')).toEqual({
      kind: 'rate_limited',
      waitMs: null,
    });
    graph.set({ rateLimitEvery: undefined, resetMs: 0 });
    expect(await lookUp()('ada.travels')).toMatchObject({
      kind: 'verified',
    });
    graph.set({ usageHeaderAt: 0 });
    await lookUp()('ada.travels');
    expect(await lookUp()('ada.travels')).toMatchObject({
      kind: 'verified',
      spent: { waitMs: null },
    });
    graph.set({ usageHeaderAt: undefined });
  });

  test('a handle that cannot be an Instagram username is not asked', async () => {
    const before = graph.calls();
    expect(await lookUp()('ada){followers_count}')).toEqual({
      kind: 'not_found',
    });
    expect(graph.calls()).toBe(before);
  });
});

describe('the YouTube client', () => {
  let youtube: StandIn;
  beforeAll(async () => {
    youtube = await startYouTubeStandIn({
      credential: apiKey,
      handles: {
        adaflies: { kind: 'account', followers: 48_100 },
        adashy: { kind: 'hidden' },
        adagone: { kind: 'unknown' },
        adaquota: { kind: 'quota' },
      },
    });
  });
  afterAll(() => youtube.close());
  const lookUp = (key = apiKey) =>
    youtubeLookUp({
      baseUrl: youtube.url,
      apiKey: key,
      now: () => Date.parse('2026-11-28T07:00:00Z'),
    });

  test('asks channels by handle and answers each documented case', async () => {
    expect(await lookUp()('adaflies')).toEqual({
      kind: 'verified',
      followers: 48_100,
      engagementRate: null,
    });
    const asked = new URL(youtube.requests.at(-1) ?? '');
    expect(asked.pathname).toBe('/channels');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      part: 'statistics',
      forHandle: '@adaflies',
      key: apiKey,
    });
    expect(await lookUp()('adashy')).toEqual({ kind: 'not_public' });
    expect(await lookUp()('adagone')).toEqual({ kind: 'not_found' });
    expect(await lookUp()('adaquota')).toEqual({
      kind: 'rate_limited',
      waitMs: 3_600_000,
    });
    expect(await lookUp('AIzaWrong-key')('adaflies')).toEqual({
      kind: 'bad_credentials',
      reason: 'the YouTube Data API refused the key (API_KEY_INVALID)',
    });
    youtube.set({ rateLimitEvery: 1, resetMs: 60_000 });
    await lookUp()('adaflies');
    expect(await lookUp()('adaflies')).toEqual({
      kind: 'rate_limited',
      waitMs: null,
    });
  });
});
