import type { CallStatus } from '#engine/calls.ts';
import type { Call } from '#review-api/calls.ts';

export const callStatusLabels: Record<CallStatus, string> = {
  open: 'Open',
  scheduled: 'Scheduled',
  closed: 'Closed',
};

const whole = new Intl.NumberFormat('en');

/** How far a call has come against its places: "3 of 5 places", or the count accepted when it has none. */
export const placesText = ({
  places,
  accepted,
}: Pick<Call, 'places' | 'accepted'>) =>
  places === null
    ? `${whole.format(accepted)} accepted`
    : `${whole.format(accepted)} of ${whole.format(places)} ${places === 1 ? 'place' : 'places'}`;

/** The mark of an application that misses some of its call's rules. */
export const unmetRulesText = (count: number) =>
  count === 1 ? 'Misses 1 rule' : `Misses ${whole.format(count)} rules`;

/** What "late" means, for whoever asks. */
export const lateText = 'Sent in the hour after its call closed';
