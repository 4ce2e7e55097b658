import type { Stage } from '#engine/stages.ts';
import type { InboxFilters, InboxSort } from '#review-api/inbox.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { InboxCursor } from '../db/inbox-queries.ts';

// Keyset pagination: the last row of a page, opaque to clients.
export const encodeCursor = (cursor: object) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** What a cursor holds, or null when the text is not one this server wrote. */
export function parseCursor<Cursor>(text: string): Partial<Cursor> | null {
  try {
    const value: unknown = JSON.parse(
      Buffer.from(text, 'base64url').toString('utf8'),
    );
    return typeof value === 'object' && value !== null
      ? (value as Partial<Cursor>)
      : null;
  } catch {
    return null;
  }
}

/** The cursor (none for the first page), or null when the text is not one this server wrote. */
export function decodeCursor(
  text: string | undefined,
): InboxCursor | undefined | null {
  if (text === undefined) return undefined;
  const value = parseCursor<InboxCursor>(text);
  if (
    !value ||
    typeof value.receivedAt !== 'string' ||
    typeof value.id !== 'string'
  )
    return null;
  const isKey = (key: unknown) =>
    key === undefined || Number.isSafeInteger(key);
  if (!isKey(value.reach) || !isKey(value.votes)) return null;
  if (value.score !== undefined && !Number.isFinite(value.score)) return null;
  if (!isKey(value.rankedFrom)) return null;
  if (value.verifiedReach !== null && !isKey(value.verifiedReach)) return null;
  return {
    receivedAt: value.receivedAt,
    id: value.id,
    ...(value.reach !== undefined && { reach: value.reach }),
    ...(value.votes !== undefined && { votes: value.votes }),
    ...(value.verifiedReach !== undefined && {
      verifiedReach: value.verifiedReach,
    }),
    ...(value.score !== undefined && { score: value.score }),
    ...(value.rankedFrom !== undefined && { rankedFrom: value.rankedFrom }),
  };
}

/** The 400 answer to a cursor this server did not write. */
export const cursorRefusal = {
  error: 'validation',
  issues: [
    { path: 'cursor', message: 'Use the nextCursor of a previous page' },
  ],
};

type PageOptions = {
  limit: number;
  after: InboxCursor | undefined;
  filters: InboxFilters;
  stage?: Stage | undefined;
  sort?: InboxSort;
};

/** One page of the inbox in the order of its sort, and the cursor of the next page (null on the last). */
export async function inboxPage(
  repository: ApplicationsRepository,
  options: PageOptions,
) {
  return pageOf(
    await repository.list({ ...options, limit: options.limit + 1 }),
    options,
  );
}

/** `inboxPage` with the view's counts per stage, read together (`listCountedPage`). */
export async function countedInboxPage(
  repository: ApplicationsRepository,
  options: PageOptions,
) {
  const { rows, counts } = await repository.listCounted({
    ...options,
    limit: options.limit + 1,
  });
  return { ...pageOf(rows, options), counts };
}

function pageOf(
  items: Awaited<ReturnType<ApplicationsRepository['list']>>,
  options: PageOptions,
) {
  const page = items.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map(
      ({ score: _score, rankedFrom: _rankedFrom, ...item }) => item,
    ),
    nextCursor:
      items.length > options.limit && last
        ? encodeCursor({
            receivedAt: last.receivedAt,
            id: last.id,
            ...(options.sort === 'reach' && { reach: last.reach }),
            ...(options.sort === 'votes' && { votes: last.netVotes }),
            ...(options.sort === 'verified' && {
              verifiedReach: last.verifiedReach?.verified ?? null,
            }),
            ...(last.score !== undefined && { score: last.score }),
            ...(last.rankedFrom !== undefined && {
              rankedFrom: last.rankedFrom,
            }),
          })
        : null,
  };
}
