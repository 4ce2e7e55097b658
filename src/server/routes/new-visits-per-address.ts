import { addressKeyOf } from '../address-key.ts';

/**
 * New visits counted from one address (an IPv6 /64) in a UTC day. A visit is a report with a
 * fresh random id, so without a cap a script could add as many as it can send; with it, one
 * address adds at most this many a day. An office, a school or a phone carrier's shared address
 * brings many real visitors, but rarely more than a few dozen to one organisation's forms in a
 * day: 200 leaves them all counted. A bounce is a visit like any other.
 */
export const newVisitsPerAddressPerDay = 200;

/** Addresses remembered at most in a day; past it the earliest seen is forgotten first. */
const trackedAtMost = 100_000;

/**
 * The day's count of new visits per address, in memory only (the address is never stored) and
 * per process: several processes each allow the cap. Forgotten when the day changes.
 */
export function createNewVisitCounter(
  perDay = newVisitsPerAddressPerDay,
  tracked = trackedAtMost,
) {
  let day = '';
  const counts = new Map<string, number>();
  return {
    /** Whether a new visit from `address` on `today` is counted; counts it when it is. */
    admit(address: string, today: string): boolean {
      if (today !== day) {
        day = today;
        counts.clear();
      }
      const key = addressKeyOf(address);
      const count = counts.get(key) ?? 0;
      if (count >= perDay) return false;
      // Deleted and set again, so the Map's order is the order addresses were last counted in.
      counts.delete(key);
      counts.set(key, count + 1);
      if (counts.size > tracked) {
        const [earliest] = counts.keys();
        if (earliest !== undefined) counts.delete(earliest);
      }
      return true;
    },
  };
}
