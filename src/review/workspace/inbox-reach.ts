import { isOverstated } from '#engine/reach-claims.ts';
import type { InboxItem } from '#review-api/inbox.ts';

/**
 * What a row says of an application's reach: the platforms' own sum, with what the applicant typed
 * for the same platforms when that differs (flagged when well above it); or, while no platform has
 * given a count, the sum the applicant typed.
 */
export type RowReach =
  | { kind: 'stated'; reach: number }
  | {
      kind: 'verified';
      verified: number;
      /** Null when the applicant typed the platforms' own numbers. */
      stated: number | null;
      isOverstated: boolean;
    };

export function rowReachOf(
  item: Pick<InboxItem, 'reach' | 'verifiedReach'>,
): RowReach {
  if (item.verifiedReach === null) return { kind: 'stated', reach: item.reach };
  const { verified, stated } = item.verifiedReach;
  return {
    kind: 'verified',
    verified,
    stated: stated === verified ? null : stated,
    isOverstated: isOverstated(stated, verified),
  };
}
