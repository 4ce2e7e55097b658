import { expect, test } from 'vitest';
import { unmetEligibility } from './calls.ts';

const rules = { minFollowers: 10_000 };
const missed = 'Fewer than 10,000 followers on every platform';

test('minFollowers reads the typed count while no platform has given its own', () => {
  expect(
    unmetEligibility(rules, {
      countryCode: 'GB',
      platforms: [{ platform: 'instagram', followers: 12_000 }],
    }),
  ).toEqual([]);
  expect(
    unmetEligibility(rules, {
      countryCode: 'GB',
      platforms: [{ platform: 'instagram', followers: 9_000, verified: null }],
    }),
  ).toEqual([missed]);
});

test('minFollowers reads the platform’s own count where there is one, up or down', () => {
  expect(
    unmetEligibility(rules, {
      countryCode: 'GB',
      platforms: [
        { platform: 'instagram', followers: 12_000, verified: 8_000 },
      ],
    }),
  ).toEqual([missed]);
  expect(
    unmetEligibility(rules, {
      countryCode: 'GB',
      platforms: [
        { platform: 'instagram', followers: 12_000, verified: 8_000 },
        { platform: 'tiktok', followers: 10_500 },
      ],
    }),
  ).toEqual([]);
  expect(
    unmetEligibility(rules, {
      countryCode: 'GB',
      platforms: [{ platform: 'youtube', followers: 5_000, verified: 10_000 }],
    }),
  ).toEqual([]);
});
