import { useEffect, useState } from 'react';
import type { PlatformAnswer } from '#engine/payload.ts';
import type { Stage } from '#engine/stages.ts';
import { api } from '#review/lib/api.ts';

export type InboxItem = {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  countryCode: string | null;
  platforms: PlatformAnswer[];
  reach: number;
  stage: Stage;
  netVotes: number;
  tags: string[];
};

type Page = {
  items: InboxItem[];
  nextCursor: string | null;
  counts: Record<Stage, number>;
};

export type Inbox = {
  items: InboxItem[];
  counts: Record<Stage, number> | null;
  isLoading: boolean;
  error: string | null;
  loadMore: (() => void) | null;
};

/** The inbox's query (stage, search, sort, filters) as the address bar holds it, and a version. */
type View = { query: string; version: number };

/**
 * The applications matching the view's query, a page at a time. A new `version` (after a
 * decision) reads the first pages again.
 */
export function useInbox(view: View): Inbox {
  const [pages, setPages] = useState<Page[]>([]);
  const [requested, setRequested] = useState({
    view,
    cursor: null as string | null,
  });
  // A new query or version starts again from the first page.
  const isSameView =
    requested.view.query === view.query &&
    requested.view.version === view.version;
  if (!isSameView) setRequested({ view, cursor: null });
  const { cursor } = requested;
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const { query, version } = requested.view;

  useEffect(() => {
    let isCurrent = true;
    const page = new URLSearchParams(query);
    if (cursor) page.set('cursor', cursor);
    setIsLoading(true);
    // A search typed fast asks once, after a short pause.
    const timer = setTimeout(
      () => {
        api<Page>(`/api/review/applications?${page.toString()}`).then(
          (loaded) => {
            if (!isCurrent) return;
            setPages((previous) => (cursor ? [...previous, loaded] : [loaded]));
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
      cursor || version > 0 ? 0 : 200,
    );
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [query, version, cursor]);

  const last = pages.at(-1);
  return {
    items: pages.flatMap((page) => page.items),
    counts: last?.counts ?? null,
    isLoading,
    error,
    loadMore:
      last?.nextCursor && !isLoading
        ? () => setRequested({ view, cursor: last.nextCursor })
        : null,
  };
}
