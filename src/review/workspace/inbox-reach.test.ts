import { describe, expect, test } from 'vitest';
import { rowReachOf } from './inbox-reach.ts';

describe('the reach of an inbox row', () => {
  test('is the typed sum while no platform has given a count', () => {
    expect(rowReachOf({ reach: 42_000, verifiedReach: null })).toEqual({
      kind: 'stated',
      reach: 42_000,
    });
  });

  test('is the platforms’ own sum, alone when the applicant typed the same', () => {
    expect(
      rowReachOf({
        reach: 42_000,
        verifiedReach: { verified: 12_000, stated: 12_000 },
      }),
    ).toEqual({
      kind: 'verified',
      verified: 12_000,
      stated: null,
      isOverstated: false,
    });
  });

  test('shows a different typed number beside it, flagged only past 25 % above', () => {
    expect(
      rowReachOf({
        reach: 12_000,
        verifiedReach: { verified: 10_000, stated: 12_000 },
      }),
    ).toMatchObject({ stated: 12_000, isOverstated: false });
    expect(
      rowReachOf({
        reach: 80_000,
        verifiedReach: { verified: 20_000, stated: 50_000 },
      }),
    ).toMatchObject({ stated: 50_000, isOverstated: true });
  });
});
