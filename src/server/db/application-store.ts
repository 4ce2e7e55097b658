import type { Kysely } from 'kysely';
import type { ApplicationPayload } from '#engine/payload.ts';
import {
  rowOf,
  storedPayloadOf,
  type ApplicationRow,
  type StoreInput,
  type StoredPayload,
} from './application-rows.ts';
import type { Database } from './database.ts';
import type { DatabaseSchema } from './tables.ts';
import { duplicatesAmong, storedFirstsOf } from './duplicates.ts';
import { createGroupCommit } from './group-commit.ts';
import { indexSearchText, searchTextOf } from './search-text.ts';

export type StoreOutcome =
  | { kind: 'created' | 'replayed'; id: string; receivedAt: string }
  | { kind: 'conflict' };

// SQLite allows 32,766 bound values in one statement; a row has 26.
const maxBatchSize = 256;

/** What else happens when applications are stored: written in their transaction, then told after. */
export type StoreHooks = {
  inTransaction?: (
    transaction: Kysely<DatabaseSchema>,
    created: readonly NewApplication[],
  ) => Promise<void>;
  afterCommit?: (created: readonly NewApplication[]) => void;
};

export type NewApplication = {
  id: string;
  pageId: string;
  callSlug: string;
  receivedAt: string;
  payload: ApplicationPayload;
  /** The id of the same person's first application to the same call, when this is a second one. */
  duplicateOf: string | null;
};

const outcomeFor = (
  existing: { id: string; received_at: string; payload_hash: string },
  hash: string,
): StoreOutcome =>
  existing.payload_hash === hash
    ? { kind: 'replayed', id: existing.id, receivedAt: existing.received_at }
    : { kind: 'conflict' };

/**
 * A row of the batch that was not inserted (its key was held already) cannot be anyone's first:
 * the rows marked as its duplicates are judged again among themselves, the earliest becoming
 * the first. None of those people had a first stored before, or the rows would name it.
 */
async function markFirstsAgain(
  transaction: Kysely<DatabaseSchema>,
  fresh: readonly ApplicationRow[],
  insertedIds: ReadonlySet<string>,
  duplicateOf: Map<string, string>,
) {
  const lost = new Set<string>(
    fresh.filter((row) => !insertedIds.has(row.id)).map((row) => row.id),
  );
  if (lost.size === 0) return;
  const orphans = fresh.filter(
    (row) => insertedIds.has(row.id) && lost.has(duplicateOf.get(row.id) ?? ''),
  );
  if (orphans.length === 0) return;
  for (const row of orphans) duplicateOf.delete(row.id);
  for (const [id, first] of duplicatesAmong(orphans, new Map()))
    duplicateOf.set(id, first);
  for (const row of orphans)
    await transaction
      .updateTable('applications')
      .set({ duplicate_of: duplicateOf.get(row.id) ?? null })
      .where('id', '=', row.id)
      .execute();
}
/**
 * Stores an application once per (page, idempotency key) and answers when it is on disk.
 * Applications that arrive together are written in one transaction (group commit).
 */
export function createApplicationStore(
  database: Database,
  now: () => Date,
  hooks: StoreHooks,
) {
  const { db } = database;

  /**
   * One transaction for a batch, inserted at once. A key stored before (a replay, or a concurrent
   * process's) is not inserted again: it answers as the row that holds it, read back only then, so
   * the usual batch is one statement.
   */
  async function storeTogether(
    inputs: readonly StoreInput[],
  ): Promise<StoreOutcome[]> {
    const receivedAt = now().toISOString();
    const payloads = inputs.map((input) => storedPayloadOf(input.payload));
    const keyOf = (key: { pageId: string; idempotencyKey: string }) =>
      `${key.pageId} ${key.idempotencyKey}`;
    const created: NewApplication[] = [];
    const outcomes = await db.transaction().execute(async (transaction) => {
      const firstOfKey = new Map<string, ApplicationRow>();
      const fresh: Array<ApplicationRow & { position: number }> = [];
      const outcomes = inputs.map((input, position): StoreOutcome => {
        const payload = payloads[position] as StoredPayload;
        const earlier = firstOfKey.get(keyOf(input));
        // A key seen earlier in this batch answers like one stored before it.
        if (earlier) return outcomeFor(earlier, payload.hash);
        const row = rowOf(input, payload, receivedAt);
        firstOfKey.set(keyOf(input), row);
        fresh.push({ ...row, position });
        return { kind: 'created', id: row.id, receivedAt };
      });
      // One application per person per call: a second is stored, marked as the first one's.
      const duplicateOf = duplicatesAmong(
        fresh,
        await storedFirstsOf(transaction, fresh),
      );
      const searchTextOfRow = new Map<string, string>(
        fresh.map((row) => [
          row.id,
          searchTextOf(inputs[row.position]?.payload as ApplicationPayload),
        ]),
      );
      const inserted = await transaction
        .insertInto('applications')
        .values(
          fresh.map(({ position: _position, ...row }) => ({
            ...row,
            duplicate_of: duplicateOf.get(row.id) ?? null,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['page_id', 'idempotency_key']).doNothing(),
        )
        .returning('id')
        .execute();
      const insertedIds = new Set(inserted.map((row) => row.id));
      await indexSearchText(
        transaction,
        database.engine,
        [...insertedIds].map((id) => ({
          id,
          text: searchTextOfRow.get(id) ?? '',
        })),
      );
      await markFirstsAgain(transaction, fresh, insertedIds, duplicateOf);
      for (const row of fresh)
        if (insertedIds.has(row.id))
          created.push({
            id: row.id,
            pageId: row.page_id,
            callSlug: row.call_slug,
            receivedAt,
            payload: inputs[row.position]?.payload as ApplicationPayload,
            duplicateOf: duplicateOf.get(row.id) ?? null,
          });
      if (created.length > 0) await hooks.inTransaction?.(transaction, created);
      if (inserted.length === fresh.length) return outcomes;
      const heldElsewhere = fresh.filter((row) => !insertedIds.has(row.id));
      const holders = await transaction
        .selectFrom('applications')
        .select([
          'id',
          'page_id',
          'idempotency_key',
          'received_at',
          'payload_hash',
        ])
        .where((where) =>
          where.or(
            heldElsewhere.map((row) =>
              where.and([
                where('page_id', '=', row.page_id),
                where('idempotency_key', '=', row.idempotency_key),
              ]),
            ),
          ),
        )
        .execute();
      const holderOf = new Map(
        holders.map((row) => [
          keyOf({ pageId: row.page_id, idempotencyKey: row.idempotency_key }),
          row,
        ]),
      );
      inputs.forEach((input, position) => {
        const holder = holderOf.get(keyOf(input));
        if (holder)
          outcomes[position] = outcomeFor(
            holder,
            (payloads[position] as StoredPayload).hash,
          );
      });
      return outcomes;
    });
    if (created.length > 0) hooks.afterCommit?.(created);
    return outcomes;
  }

  const groupCommit = createGroupCommit<
    StoreInput,
    PromiseSettledResult<StoreOutcome>
  >(async (inputs) => {
    try {
      return (await storeTogether(inputs)).map(
        (value): PromiseSettledResult<StoreOutcome> => ({
          status: 'fulfilled',
          value,
        }),
      );
    } catch (error) {
      if (inputs.length === 1)
        return [{ status: 'rejected', reason: error as unknown }];
      // One application the database refuses must not fail the others: each alone, then.
      return Promise.allSettled(
        inputs.map(
          async (input) => (await storeTogether([input]))[0] as StoreOutcome,
        ),
      );
    }
  }, maxBatchSize);

  return async (input: StoreInput): Promise<StoreOutcome> => {
    const settled = await groupCommit.write(input);
    if (settled.status === 'rejected') throw settled.reason;
    return settled.value;
  };
}
