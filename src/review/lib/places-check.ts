import { placesFilled, type Call } from '#review-api/calls.ts';
import type { InboxItem, InboxViewQuery } from '#review-api/inbox.ts';

/** How many applications a move to Accepted would add to each call's accepted, by call slug. */
export type Accepting = ReadonlyMap<string, number>;

/** What accepting these applications adds: each not yet accepted counts in its own call. */
export function acceptingItems(
  items: readonly Pick<InboxItem, 'call' | 'stage'>[],
): Accepting {
  const adding = new Map<string, number>();
  for (const item of items)
    if (item.stage !== 'accepted')
      adding.set(item.call.slug, (adding.get(item.call.slug) ?? 0) + 1);
  return adding;
}

/**
 * What accepting every application of a view adds. Within one call it is that call's; across
 * calls the browser does not know how they share out, so each call with places counts them all:
 * asking once too often is better than filling a call past its places unasked.
 */
export function acceptingView(
  view: InboxViewQuery,
  count: number,
  calls: readonly Pick<Call, 'slug' | 'places'>[],
): Accepting {
  if (view.stage === 'accepted') return new Map();
  if (view.call) return new Map([[view.call, count]]);
  return new Map(
    calls
      .filter((call) => call.places !== null)
      .map((call) => [call.slug, count]),
  );
}

/**
 * The words to read before accepting, one for each call it would take past its places (the
 * call's title first where several are named); none when every call has room, or has no limit.
 */
export function overPlaces(
  calls:
    readonly Pick<Call, 'slug' | 'title' | 'places' | 'accepted'>[] | undefined,
  adding: Accepting,
): string[] {
  const over = (calls ?? []).filter(
    (call) =>
      call.places !== null &&
      (adding.get(call.slug) ?? 0) > 0 &&
      call.accepted + (adding.get(call.slug) ?? 0) > call.places,
  );
  const isSeveral =
    [...adding.values()].filter((count) => count > 0).length > 1;
  return over.map((call) => {
    const words = placesFilled(call.places ?? 0, call.accepted);
    return isSeveral ? `${call.title}: ${words}` : words;
  });
}
