import { maxMatching, type ParsedBulkTarget } from '#review-api/application.ts';
import type { InboxView } from '#review-api/inbox.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { InboxSelection } from '../db/inbox-selection.ts';

export const notFound = {
  error: 'not_found',
  message: 'No application with that id.',
};

/** A view as the queries take it: its stage apart from its filters. */
export const selectionOf = ({
  stage,
  ...filters
}: InboxView): InboxSelection => ({
  stage,
  filters,
});

export const changedCount = (now: number, expected: number | undefined) =>
  `${now.toLocaleString('en')} applications match now, not ${(expected ?? 0).toLocaleString('en')}: the list changed. Check it and try again.`;

/**
 * The ids a bulk action is about: those named, or every one in the view when as many match as
 * expected; a string saying why not otherwise.
 */
export async function idsOf(
  repository: ApplicationsRepository,
  target: ParsedBulkTarget,
): Promise<string[] | { refusal: string }> {
  if (target.ids) return target.ids;
  const ids = await repository.idsOf(
    selectionOf(target.view ?? {}),
    maxMatching + 1,
  );
  if (ids.length === target.expected) return ids;
  return {
    refusal:
      ids.length > maxMatching
        ? `More than ${maxMatching.toLocaleString('en')} applications match; narrow the filters first.`
        : changedCount(ids.length, target.expected),
  };
}

export const selectionChanged = (refusal: { refusal: string }) => ({
  error: 'selection_changed',
  message: refusal.refusal,
});

/** How many applications a view holds now. */
export async function countOf(
  repository: ApplicationsRepository,
  view: InboxView,
): Promise<number> {
  const { filters, stage } = selectionOf(view);
  const counts = await repository.countByStage(filters);
  return stage
    ? counts[stage]
    : Object.values(counts).reduce((sum, count) => sum + count, 0);
}
