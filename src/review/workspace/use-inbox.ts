import { useEffect, useState } from 'react';
import { api } from '#review/lib/api.ts';

export type InboxItem = {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  countryCode: string | null;
};

type Page = { items: InboxItem[]; nextCursor: string | null };

type Inbox = {
  items: InboxItem[];
  isLoading: boolean;
  error: string | null;
  loadMore: (() => void) | null;
};

/** The applications matching a search, newest first, a page at a time. */
export function useInbox(search: string): Inbox {
  const [pages, setPages] = useState<Page[]>([]);
  const [view, setView] = useState({ search, cursor: null as string | null });
  // A new search starts again from the first page.
  if (view.search !== search) setView({ search, cursor: null });
  const { cursor } = view;
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    const query = new URLSearchParams();
    if (search) query.set('search', search);
    if (cursor) query.set('cursor', cursor);
    setIsLoading(true);
    // A search typed fast asks once, after a short pause.
    const timer = setTimeout(
      () => {
        api<Page>(`/api/review/applications?${query.toString()}`).then(
          (page) => {
            if (!isCurrent) return;
            setPages((previous) => (cursor ? [...previous, page] : [page]));
            setError(null);
            setIsLoading(false);
          },
          (failure: Error) => {
            if (!isCurrent) return;
            setError(failure.message);
            setIsLoading(false);
          },
        );
      },
      cursor ? 0 : 200,
    );
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [search, cursor]);

  const last = pages.at(-1);
  return {
    items: pages.flatMap((page) => page.items),
    isLoading,
    error,
    loadMore:
      last?.nextCursor && !isLoading
        ? () => setView({ search, cursor: last.nextCursor })
        : null,
  };
}
