import { expect, test } from 'vitest';
import {
  countText,
  engagementText,
  isAwaitingAnswer,
  isOverstatedEntry,
  nextLookMs,
  nothingAskedText,
  statusText,
} from './reach-lines.ts';

test('writes counts with separators and engagement as a share of followers', () => {
  expect(countText(15_300)).toBe('15,300');
  expect(engagementText(0.0321)).toBe('3.2%');
  expect(engagementText(null)).toBe('—');
});

test('flags a stated count more than 25 % above the verified one, never an unverified one', () => {
  expect(isOverstatedEntry({ stated: 20_000, verified: 15_000 })).toBe(true);
  expect(isOverstatedEntry({ stated: 18_000, verified: 15_000 })).toBe(false);
  expect(isOverstatedEntry({ stated: 20_000, verified: null })).toBe(false);
});

test('says each status in words', () => {
  const asked = ['instagram', 'youtube'];
  const of = (
    platform: string,
    status: Parameters<typeof statusText>[0]['status'],
    verified: number | null = null,
  ) => statusText({ platform, status, verified }, asked);
  expect(of('instagram', 'verified', 15_300)).toBe(
    'Verified: the count Instagram itself gives',
  );
  expect(of('instagram', 'pending')).toBe(
    'Pending: waiting for Instagram to answer',
  );
  expect(of('instagram', 'pending', 15_300)).toBe(
    'Pending: asking Instagram again; the count shown is its last',
  );
  expect(of('instagram', 'not_found')).toBe(
    'Not found: Instagram shows no public professional account of that name',
  );
  expect(of('youtube', 'not_found')).toBe(
    'Not found: YouTube has no channel with that handle',
  );
  expect(of('youtube', 'not_public')).toBe(
    'Not public: the YouTube channel hides its count',
  );
  expect(of('youtube', 'failed')).toMatch(
    /^Failed: YouTube gave no answer for a day\. Check again later/,
  );
  expect(of('tiktok', 'unavailable')).toBe(
    'Unavailable: TikTok gives no one else’s follower count to an organisation, so it is not checked',
  );
});

test('says which credentials are missing when a platform that could be asked is not', () => {
  expect(
    statusText(
      { platform: 'instagram', status: 'unavailable', verified: null },
      ['youtube'],
    ),
  ).toBe(
    'Unavailable: not looked up, as the server has no Instagram credentials (INSTAGRAM_ACCOUNT_ID and INSTAGRAM_ACCESS_TOKEN; the README says how to make them)',
  );
  expect(
    statusText(
      { platform: 'youtube', status: 'unavailable', verified: null },
      [],
    ),
  ).toMatch(/no YouTube credentials \(YOUTUBE_API_KEY;/);
});

test('says why nothing is looked up only when no platform named is asked', () => {
  const instagram = [{ platform: 'instagram' }];
  expect(nothingAskedText(instagram, ['instagram'])).toBeNull();
  expect(nothingAskedText(instagram, [])).toMatch(
    /^Nothing is looked up: the server has none of the organisation’s platform credentials/,
  );
  expect(
    nothingAskedText([{ platform: 'tiktok' }], ['instagram', 'youtube']),
  ).toBe(
    'Nothing is looked up for this application: the server looks up only Instagram and YouTube.',
  );
});

test('looks again while a platform the server asks has not answered', () => {
  const pending = [{ platform: 'instagram', status: 'pending' as const }];
  expect(isAwaitingAnswer(pending, ['instagram'])).toBe(true);
  expect(isAwaitingAnswer(pending, [])).toBe(false);
  expect(
    isAwaitingAnswer(
      [{ platform: 'instagram', status: 'verified' as const }],
      ['instagram'],
    ),
  ).toBe(false);
});

test('looks again less often the longer it waits, at most every 30 seconds', () => {
  expect(nextLookMs(0)).toBe(2_000);
  expect(nextLookMs(1)).toBeGreaterThan(nextLookMs(0));
  expect(nextLookMs(50)).toBe(30_000);
});
