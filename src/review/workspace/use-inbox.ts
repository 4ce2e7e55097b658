import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InboxItem, InboxQuery, StageCounts } from '#review-api/inbox.ts';
import { messageOf } from '#review/lib/api.ts';
import { inboxListQuery } from '#review/lib/queries.ts';

export type Inbox = {
  items: InboxItem[];
  counts: StageCounts | null;
  /** What is on screen is the last view's, while this one is read. */
  isPlaceholder: boolean;
  /** Nothing to show yet: the first page of a view not read before. */
  isLoading: boolean;
  /** Reading: a new view (the last one stays on screen meanwhile), a further page, or again after a change. */
  isFetching: boolean;
  error: string | null;
  loadMore: (() => void) | null;
};

/**
 * The applications matching the query (stage, search, sort, filters), a page at a time. After a
 * change the pages loaded are read again, all of them, so the reader stays where they were.
 */
export function useInbox(query: InboxQuery): Inbox {
  const inbox = useInfiniteQuery({
    ...inboxListQuery(query),
    // Another filter keeps the list on screen until its own arrives, so nothing jumps.
    placeholderData: keepPreviousData,
  });
  const pages = inbox.data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.items),
    counts: pages.at(-1)?.counts ?? null,
    isPlaceholder: inbox.isPlaceholderData,
    isLoading: inbox.isPending,
    isFetching: inbox.isFetching,
    error: inbox.isError ? messageOf(inbox.error) : null,
    loadMore:
      inbox.hasNextPage && !inbox.isFetchingNextPage
        ? () => void inbox.fetchNextPage()
        : null,
  };
}
