import { listInbox, type InboxQuery } from '#review-api/inbox.ts';
import { startOfDay } from '#review/lib/days.ts';
import { validPart } from '#review/lib/valid-part.ts';
import { callParam } from './call-choice.ts';

/**
 * The address-bar parameters that narrow the inbox, besides its stage tab and its call: what
 * "Clear filters" clears. Received days are the viewer's calendar days (`2026-11-24`).
 */
export const filterParams = [
  'search',
  'eligible',
  'platform',
  'country',
  'minReach',
  'from',
  'to',
  'tag',
  'hasNote',
  'source',
  'language',
  'duplicates',
] as const;

export type FilterParam = (typeof filterParams)[number];

/**
 * The inbox's query from the address bar: the call, the stage tab, the sort and the filters; the
 * received days become the instants the viewer's days begin and end.
 */
export function inboxQueryOf(params: URLSearchParams): InboxQuery {
  const from = params.get('from');
  const to = params.get('to');
  const candidate: Record<string, string | undefined> = {
    call: params.get(callParam) ?? undefined,
    eligible: params.get('eligible') ?? undefined,
    stage: params.get('stage') ?? undefined,
    sort: params.get('sort') ?? undefined,
    search: params.get('search')?.trim(),
    platform: params.get('platform') ?? undefined,
    country: params.get('country') ?? undefined,
    minReach: params.get('minReach') ?? undefined,
    tag: params.get('tag') ?? undefined,
    hasNote: params.get('hasNote') ?? undefined,
    source: params.get('source') ?? undefined,
    language: params.get('language') ?? undefined,
    duplicates: params.get('duplicates') ?? undefined,
    receivedFrom: from ? startOfDay(from) : undefined,
    receivedTo: to ? startOfDay(to, 1) : undefined,
  };
  const present = Object.fromEntries(
    Object.entries(candidate).filter(
      (entry): entry is [string, string] => !!entry[1],
    ),
  );
  return validPart(listInbox.query, present) as InboxQuery;
}

/** Whether any filter narrows the view (the stage tab and the call aside). */
export const hasFilters = (params: URLSearchParams) =>
  filterParams.some((name) => params.get(name));

/** The address-bar changes that clear every filter, keeping the call, the stage tab and the sort. */
export const clearedFilters = (): Record<FilterParam, null> =>
  Object.fromEntries(filterParams.map((name) => [name, null])) as Record<
    FilterParam,
    null
  >;
