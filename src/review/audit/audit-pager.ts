/**
 * Where the reader is in the audit log: the cursor of each page they came through, newest first
 * (null for the first page). Keyset paging has no page numbers to jump to; Older and Newer walk.
 */
export type AuditPager = { cursors: ReadonlyArray<string | null> };

export const firstPage: AuditPager = { cursors: [null] };

export const currentCursor = (pager: AuditPager): string | null =>
  pager.cursors.at(-1) ?? null;

export const older = (pager: AuditPager, nextCursor: string): AuditPager => ({
  cursors: [...pager.cursors, nextCursor],
});

export const newer = (pager: AuditPager): AuditPager =>
  pager.cursors.length > 1
    ? { cursors: pager.cursors.slice(0, -1) }
    : firstPage;

/** The entries a page shows, counted from the newest: "Entries 201–300". */
export function rangeOf(
  pager: AuditPager,
  pageSize: number,
  shown: number,
): { first: number; last: number } {
  const first = (pager.cursors.length - 1) * pageSize + 1;
  return { first, last: first + Math.max(shown, 1) - 1 };
}
