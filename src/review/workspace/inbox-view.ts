import * as z from 'zod/mini';
import { listInbox, type InboxQuery } from '#review-api/inbox.ts';

/**
 * The address-bar parameters that narrow the inbox, besides its stage tab: what "Clear filters"
 * clears. Received days are the viewer's calendar days (`2026-11-24`).
 */
export const filterParams = [
  'search',
  'platform',
  'country',
  'minReach',
  'from',
  'to',
  'tag',
  'hasNote',
] as const;

export type FilterParam = (typeof filterParams)[number];

/** A day of the viewer's calendar as the instant it begins, for the server. */
const startOfDay = (day: string, offsetDays = 0) => {
  const date = new Date(`${day}T00:00`);
  date.setDate(date.getDate() + offsetDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** The parts of a query the schema takes; a part it refuses (an address typed by hand) is left out. */
function validPart<Query extends Record<string, string>>(
  schema: z.ZodMiniType,
  query: Query,
): Partial<Query> {
  const kept: Partial<Query> = { ...query };
  for (;;) {
    const result = z.safeParse(schema, kept);
    if (result.success) return kept;
    const wrong = result.error.issues
      .map((issue) => issue.path[0])
      .filter(
        (key): key is keyof Query & string =>
          typeof key === 'string' && key in kept,
      );
    if (wrong.length === 0) return {};
    for (const key of wrong) delete kept[key];
  }
}

/**
 * The inbox's query from the address bar: the stage tab, the sort and the filters; the received
 * days become the instants the viewer's days begin and end.
 */
export function inboxQueryOf(params: URLSearchParams): InboxQuery {
  const from = params.get('from');
  const to = params.get('to');
  const candidate: Record<string, string | undefined> = {
    stage: params.get('stage') ?? undefined,
    sort: params.get('sort') ?? undefined,
    search: params.get('search')?.trim(),
    platform: params.get('platform') ?? undefined,
    country: params.get('country') ?? undefined,
    minReach: params.get('minReach') ?? undefined,
    tag: params.get('tag') ?? undefined,
    hasNote: params.get('hasNote') ?? undefined,
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

/** Whether any filter narrows the view (the stage tab aside). */
export const hasFilters = (params: URLSearchParams) =>
  filterParams.some((name) => params.get(name));

/** The address-bar changes that clear every filter, keeping the stage tab and the sort. */
export const clearedFilters = (): Record<FilterParam, null> =>
  Object.fromEntries(filterParams.map((name) => [name, null])) as Record<
    FilterParam,
    null
  >;
