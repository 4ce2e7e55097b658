import * as z from 'zod/mini';
import { callAddressSchema, type CallStatus } from '#engine/calls.ts';
import type { Call } from '#review-api/calls.ts';
import { callStatusLabels } from '#review/lib/call-words.ts';
import { withChanges } from '#review/lib/with-changes.ts';

/** The address-bar parameter that names the call the workspace shows; without it, every call's. */
export const callParam = 'call';

/** The call the address names, when the inbox's filter takes it (one typed by hand may not be a call's address). */
export function chosenCallOf(params: URLSearchParams): string | null {
  const slug = params.get(callParam);
  return slug && z.safeParse(callAddressSchema, slug).success ? slug : null;
}

// Open calls first: they are the ones being worked on.
const statusOrder: Record<CallStatus, number> = {
  open: 0,
  scheduled: 1,
  closed: 2,
};

type Choice = readonly [slug: string, text: string];

/**
 * The switcher's choices: every call, then each call by its title and status, open ones first
 * (archived ones last), and the call the address names even before the list is read.
 */
export function callChoices(
  calls: readonly Call[] | undefined,
  chosen: string | null,
): Choice[] {
  const listed = [...(calls ?? [])]
    .map((call, index) => ({ call, index }))
    .sort(
      (a, b) =>
        Number(a.call.archived) - Number(b.call.archived) ||
        statusOrder[a.call.status] - statusOrder[b.call.status] ||
        a.index - b.index,
    )
    .map(
      ({ call }) =>
        [
          call.slug,
          `${call.title} (${call.archived ? 'Archived' : callStatusLabels[call.status]})`,
        ] as const,
    );
  const isListed = listed.some(([slug]) => slug === chosen);
  return [
    ['', 'All calls'],
    ...(chosen && !isListed ? [[chosen, chosen] as const] : []),
    ...listed,
  ];
}

/**
 * The address changes of choosing a call: the stage tab, sort and filters stay; the open
 * application closes, since it may belong to another call.
 */
export const callChange = (slug: string): Record<string, string | null> => ({
  [callParam]: slug || null,
  open: null,
});

/**
 * A workspace screen's address that keeps the chosen call, so the inbox and the insights
 * follow the same one. Other parameters belong to the screen they were set on.
 */
export function withChosenCall(path: string, params: URLSearchParams): string {
  const chosen = chosenCallOf(params);
  return chosen
    ? `${path}?${new URLSearchParams({ [callParam]: chosen }).toString()}`
    : path;
}

/** A stage tab's address: this view (call, filters, sort) on that tab, nothing open. */
export function stageTabHref(
  params: URLSearchParams,
  stage: string | null,
): string {
  const search = withChanges(params, { stage, open: null }).toString();
  return search ? `/review?${search}` : '/review';
}
