import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './tables.ts';

/** What the duplicate rule reads of an application about to be stored. */
type Candidate = { id: string; email_key: string; call_slug: string };

/** One person's applications to one call share this key; an empty e-mail is nobody in particular. */
const personAt = (row: { email_key: string; call_slug: string }) =>
  row.email_key === '' ? undefined : `${row.call_slug}\n${row.email_key}`;

/**
 * Which of `rows` (in the order they arrived) are second applications: each names the id of its
 * person's first application to the same call, from `firsts` (the person's key → the first's id)
 * or from an earlier row of the same batch, which becomes that person's first. `firsts` is
 * extended with the firsts found among `rows`.
 */
export function duplicatesAmong(
  rows: readonly Candidate[],
  firsts: Map<string, string>,
): Map<string, string> {
  const duplicateOf = new Map<string, string>();
  for (const row of rows) {
    const person = personAt(row);
    if (person === undefined) continue;
    const first = firsts.get(person);
    if (first === undefined) firsts.set(person, row.id);
    else duplicateOf.set(row.id, first);
  }
  return duplicateOf;
}

/** Whether `a` was received before `b`, the smaller id first within one instant, as stored. */
const earlier = (
  a: { received_at: string; id: string },
  b: { received_at: string; id: string },
) =>
  a.received_at === b.received_at ? a.id < b.id : a.received_at < b.received_at;

/**
 * The stored firsts of `people` (at least one), one indexed look-up each in one statement: an OR
 * of the people, or an ORDER BY, lets a planner without statistics (a new SQLite file) walk every
 * application of the call instead.
 */
export function firstsLookUp(
  db: Kysely<DatabaseSchema>,
  people: readonly Candidate[],
) {
  return people
    .map((person) =>
      db
        .selectFrom('applications')
        .select(['id', 'email_key', 'call_slug', 'received_at'])
        .where('email_key', '=', person.email_key)
        .where('call_slug', '=', person.call_slug)
        .where('duplicate_of', 'is', null),
    )
    .reduce((union, query) => union.unionAll(query));
}

/**
 * The first application already stored of each person among `rows` to the same call: the earliest
 * that is not itself a duplicate. Read in the transaction that stores `rows`.
 */
export async function storedFirstsOf(
  transaction: Kysely<DatabaseSchema>,
  rows: readonly Candidate[],
): Promise<Map<string, string>> {
  const people = new Map<string, Candidate>();
  for (const row of rows) {
    const person = personAt(row);
    if (person !== undefined && !people.has(person)) people.set(person, row);
  }
  const firsts = new Map<string, string>();
  if (people.size === 0) return firsts;
  const found = (
    await firstsLookUp(transaction, [...people.values()]).execute()
  ).sort((a, b) => (earlier(a, b) ? -1 : 1));
  for (const row of found) {
    const person = personAt({
      email_key: row.email_key ?? '',
      call_slug: row.call_slug ?? '',
    });
    if (person !== undefined && !firsts.has(person)) firsts.set(person, row.id);
  }
  return firsts;
}

/**
 * An application's place among its person's applications to its call: the first one, when it is a
 * second (its name as the first gave it), and the second ones, oldest first, when it is the first.
 */
export async function relativesOf(
  db: Kysely<DatabaseSchema>,
  id: string,
): Promise<{
  duplicateOf: { id: string; name: string; receivedAt: string } | null;
  duplicates: Array<{ id: string; receivedAt: string }>;
}> {
  const [first, later] = await Promise.all([
    db
      .selectFrom('applications as second')
      .innerJoin('applications as first', 'first.id', 'second.duplicate_of')
      .select(['first.id', 'first.full_name', 'first.received_at'])
      .where('second.id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('applications')
      .select(['id', 'received_at'])
      .where('duplicate_of', '=', id)
      .orderBy('received_at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    duplicateOf: first
      ? { id: first.id, name: first.full_name, receivedAt: first.received_at }
      : null,
    duplicates: later.map((row) => ({
      id: row.id,
      receivedAt: row.received_at,
    })),
  };
}
