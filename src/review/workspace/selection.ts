import type { BulkTarget } from '#review-api/application.ts';
import type { InboxViewQuery } from '#review-api/inbox.ts';

/**
 * What the bulk actions apply to: the applications ticked one by one, or every one matching the
 * view (its stage tab and filters), however many pages that is.
 */
export type Selection =
  | { kind: 'ids'; ids: ReadonlySet<string> }
  | { kind: 'matching'; count: number };

export const noSelection: Selection = { kind: 'ids', ids: new Set() };

/** The ids ticked: every one listed while all matching are selected. */
export const selectedIdsOf = (
  selection: Selection,
  listedIds: readonly string[],
): ReadonlySet<string> =>
  selection.kind === 'ids' ? selection.ids : new Set(listedIds);

/** Ticks or unticks some: from "all matching", what stays is the listed ones, as ids. */
export function withTicked(
  selection: Selection,
  listedIds: readonly string[],
  ids: readonly string[],
  isTicked: boolean,
): Selection {
  const next = new Set(selectedIdsOf(selection, listedIds));
  for (const id of ids)
    if (isTicked) next.add(id);
    else next.delete(id);
  return { kind: 'ids', ids: next };
}

export const countOf = (selection: Selection) =>
  selection.kind === 'ids' ? selection.ids.size : selection.count;

/** The API's name for a selection: the ids, or the view with the count the person saw. */
export const targetOf = (
  selection: Selection,
  view: InboxViewQuery,
): BulkTarget =>
  selection.kind === 'ids'
    ? { ids: [...selection.ids] }
    : { view, expected: selection.count };
