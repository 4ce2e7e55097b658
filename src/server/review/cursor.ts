/** Keyset pagination: the last row of a page, opaque to clients. */
export type Cursor = { receivedAt: string; id: string };

export const encodeCursor = (cursor: Cursor) =>
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
