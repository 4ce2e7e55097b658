import type { Kysely } from 'kysely';
import { hiddenFilterKey, type InboxView } from '#review-api/inbox.ts';
import type { DatabaseSchema } from '../db/tables.ts';
import { chunksOf } from './review-repository.ts';

/** The title of a call by its slug; the slug itself for one that is not served. */
export type CallTitle = (slug: string) => string;

// Bound values per statement stay far below SQLite's limit (32,766).
const chunkSize = 500;

/** A call as the audit log names it: its title, which may change, and its slug, which never does. */
const callNamed = (slug: string, callTitle: CallTitle) =>
  `${callTitle(slug)} (${slug})`;

/**
 * What the audit says of a view of the inbox: its filters, the call by its title and slug, and a
 * searched text left out (it may be a name).
 */
export function describeView(
  { hidden = {}, ...view }: InboxView,
  callTitle: CallTitle,
): string {
  const parts = [
    ...Object.entries(view),
    ...Object.entries(hidden).map(([name, value]) => [
      hiddenFilterKey(name),
      value,
    ]),
  ]
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) =>
      key === 'search'
        ? 'a search'
        : key === 'call'
          ? `call ${callNamed(String(value), callTitle)}`
          : `${key} ${String(value)}`,
    );
  return parts.length === 0 ? 'every application' : parts.join(', ');
}

/** The calls some applications are in, as an entry names them; empty for none. */
export function describeCalls(
  slugs: Iterable<string>,
  callTitle: CallTitle,
): string {
  const named = [...new Set(slugs)]
    .sort()
    .map((slug) => callNamed(slug, callTitle));
  if (named.length === 0) return '';
  return `${named.length === 1 ? 'call' : 'calls'} ${named.join(', ')}`;
}

/**
 * How a bulk action chose its applications: every one in a view, or those selected; and the
 * calls of those it acted on, unless the view already names its call.
 */
export function describeChoice(
  choice: { view?: InboxView | undefined; selected: number },
  calls: Iterable<string>,
  callTitle: CallTitle,
): string {
  const { view } = choice;
  const chosen = view
    ? `every one matching: ${describeView(view, callTitle)}`
    : `${choice.selected} selected`;
  const inCalls = view?.call ? '' : describeCalls(calls, callTitle);
  return inCalls ? `${chosen}; ${inCalls}` : chosen;
}

/** The calls of the applications with these ids: read before an action that erases them. */
export async function callsOf(
  db: Kysely<DatabaseSchema>,
  ids: readonly string[],
): Promise<string[]> {
  const slugs = new Set<string>();
  for (const chunk of chunksOf(ids, chunkSize)) {
    const rows = await db
      .selectFrom('applications')
      .select('call_slug')
      .distinct()
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) if (row.call_slug) slugs.add(row.call_slug);
  }
  return [...slugs];
}
