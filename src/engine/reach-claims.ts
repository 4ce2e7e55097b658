/**
 * Whether an applicant's stated follower count is more than 25 % above the platform's own count:
 * the margin reviewers are shown a flag for. Counts move between typing and checking, and a
 * rounded "10k" for 9,000 is not a claim worth questioning; a third more is.
 */
export function isOverstated(stated: number, verified: number): boolean {
  // In whole numbers (4 × stated > 5 × verified), so 125 of 100 is exactly at the margin, not past it.
  return stated * 4 > verified * 5;
}

/** The follower count a call's rule reads: the platform's own where it has given one, else the applicant's. */
export const countedFollowers = (answer: {
  followers: number;
  verified?: number | null;
}): number => answer.verified ?? answer.followers;
