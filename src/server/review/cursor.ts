import type { Stage } from '#engine/stages.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';

/** Keyset pagination: the last row of a page, opaque to clients. */
export type Cursor = { receivedAt: string; id: string };

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** The cursor, or null when the text is not one this server wrote. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value = JSON.parse(
      Buffer.from(text, 'base64url').toString('utf8'),
    ) as Partial<Cursor>;
    return typeof value.receivedAt === 'string' && typeof value.id === 'string'
      ? { receivedAt: value.receivedAt, id: value.id }
      : null;
  } catch {
    return null;
  }
}

/** The 400 issue for a cursor this server did not write. */
export const cursorIssue = {
  path: 'cursor',
  message: 'Use the nextCursor of a previous page',
};

/** One page of the inbox, newest first, and the cursor of the next page (null on the last). */
export async function inboxPage(
  repository: ApplicationsRepository,
  options: {
    limit: number;
    after: Cursor | undefined;
    search: string | undefined;
    stage?: Stage | undefined;
  },
) {
  const items = await repository.list({ ...options, limit: options.limit + 1 });
  const page = items.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page,
    nextCursor:
      items.length > options.limit && last
        ? encodeCursor({ receivedAt: last.receivedAt, id: last.id })
        : null,
  };
}
