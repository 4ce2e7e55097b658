import {
  hiddenFilterNameOf,
  listInbox,
  type InboxQuery,
} from '#review-api/inbox.ts';
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
  'verified',
  'source',
  'language',
  'duplicates',
] as const;

/** The hidden-field filters of the address, by key and name: `hidden.ref=hotel-alpenhof`. */
export function hiddenFiltersOf(
  params: URLSearchParams,
): Array<{ key: string; name: string; value: string }> {
  return [...params]
    .map(([key, value]) => ({ key, name: hiddenFilterNameOf(key), value }))
    .filter(
      (entry): entry is { key: string; name: string; value: string } =>
        entry.name !== null && entry.value !== '',
    );
}

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
    verified: params.get('verified') ?? undefined,
    source: params.get('source') ?? undefined,
    language: params.get('language') ?? undefined,
    duplicates: params.get('duplicates') ?? undefined,
    receivedFrom: from ? startOfDay(from) : undefined,
    receivedTo: to ? startOfDay(to, 1) : undefined,
    ...Object.fromEntries(
      hiddenFiltersOf(params).map(({ key, value }) => [key, value]),
    ),
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
  filterParams.some((name) => params.get(name)) ||
  hiddenFiltersOf(params).length > 0;

/** The address-bar changes that clear every filter, keeping the call, the stage tab and the sort. */
export const clearedFilters = (params: URLSearchParams): Record<string, null> =>
  Object.fromEntries(
    [
      ...filterParams,
      ...hiddenFiltersOf(params).map((filter) => filter.key),
    ].map((name) => [name, null]),
  );
