import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ApplicationPayload } from '#engine/payload.ts';
import type { Database } from './database.ts';

export type StoredApplication = {
  id: string;
  pageId: string;
  receivedAt: string;
  payload: ApplicationPayload;
};

export type ApplicationSummary = {
  id: string;
  pageId: string;
  receivedAt: string;
  name: string;
  email: string;
  countryCode: string | null;
};

export type StoreOutcome =
  | { kind: 'created' | 'replayed'; id: string; receivedAt: string }
  | { kind: 'conflict' };

/** Object keys in a fixed order, so equal applications hash equally however a client ordered them. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map(
        (key) =>
          `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(',')}}`;
  return JSON.stringify(value);
}

export function hashPayload(payload: ApplicationPayload): string {
  return createHash('sha256').update(canonicalJson(payload)).digest('hex');
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

function readPayload(
  stored: string | Record<string, unknown>,
): ApplicationPayload {
  return (
    typeof stored === 'string' ? JSON.parse(stored) : stored
  ) as ApplicationPayload;
}

export function createApplicationsRepository(
  database: Database,
  now: () => Date = () => new Date(),
) {
  const { db } = database;

  const findByKey = (pageId: string, idempotencyKey: string) =>
    db
      .selectFrom('applications')
      .select(['id', 'received_at', 'payload_hash'])
      .where('page_id', '=', pageId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();

  const outcomeFor = (
    existing: { id: string; received_at: string; payload_hash: string },
    hash: string,
  ): StoreOutcome =>
    existing.payload_hash === hash
      ? { kind: 'replayed', id: existing.id, receivedAt: existing.received_at }
      : { kind: 'conflict' };

  return {
    /**
     * Stores an application once per (page, idempotency key): the check and the insert are one
     * transaction, and a concurrent insert that wins the unique constraint turns into a replay.
     */
    async store(input: {
      pageId: string;
      idempotencyKey: string;
      payload: ApplicationPayload;
    }): Promise<StoreOutcome> {
      const hash = hashPayload(input.payload);
      const personal = input.payload.personalInfo;
      try {
        return await db.transaction().execute(async (transaction) => {
          const existing = await transaction
            .selectFrom('applications')
            .select(['id', 'received_at', 'payload_hash'])
            .where('page_id', '=', input.pageId)
            .where('idempotency_key', '=', input.idempotencyKey)
            .executeTakeFirst();
          if (existing) return outcomeFor(existing, hash);
          const row = {
            id: randomUUID(),
            page_id: input.pageId,
            idempotency_key: input.idempotencyKey,
            payload_hash: hash,
            received_at: now().toISOString(),
            payload: JSON.stringify(input.payload),
            full_name: [personal.firstName, personal.lastName]
              .filter((part) => typeof part === 'string')
              .join(' '),
            email:
              typeof personal.emailAddress === 'string'
                ? personal.emailAddress
                : '',
            country_code:
              typeof personal.countryCode === 'string'
                ? personal.countryCode
                : null,
          };
          await transaction.insertInto('applications').values(row).execute();
          return {
            kind: 'created',
            id: row.id,
            receivedAt: row.received_at,
          } as const;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const existing = await findByKey(input.pageId, input.idempotencyKey);
        if (!existing) throw error;
        return outcomeFor(existing, hash);
      }
    },

    async get(id: string): Promise<StoredApplication | undefined> {
      const row = await db
        .selectFrom('applications')
        .select(['id', 'page_id', 'received_at', 'payload'])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          pageId: row.page_id,
          receivedAt: row.received_at,
          payload: readPayload(row.payload),
        }
      );
    },

    /** Newest first; `after` is the last row of the previous page (keyset pagination). */
    async list(options: {
      limit: number;
      after?: { receivedAt: string; id: string } | undefined;
      search?: string | undefined;
    }): Promise<ApplicationSummary[]> {
      let query = db
        .selectFrom('applications')
        .select([
          'id',
          'page_id',
          'received_at',
          'full_name',
          'email',
          'country_code',
        ])
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit);
      const after = options.after;
      if (after)
        query = query.where((where) =>
          where.or([
            where('received_at', '<', after.receivedAt),
            where.and([
              where('received_at', '=', after.receivedAt),
              where('id', '<', after.id),
            ]),
          ]),
        );
      if (options.search) {
        const pattern = `%${options.search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        query = query.where((where) =>
          where.or([
            where(sql`lower(full_name)`, 'like', sql`${pattern} escape '\\'`),
            where(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
            where(
              sql`lower(country_code)`,
              '=',
              options.search?.toLowerCase() ?? '',
            ),
          ]),
        );
      }
      const rows = await query.execute();
      return rows.map((row) => ({
        id: row.id,
        pageId: row.page_id,
        receivedAt: row.received_at,
        name: row.full_name,
        email: row.email,
        countryCode: row.country_code,
      }));
    },

    /** Every application, oldest first, read in batches so an export never holds them all. */
    async *iterate(batchSize = 500): AsyncGenerator<StoredApplication> {
      let after: { receivedAt: string; id: string } | undefined;
      for (;;) {
        let query = db
          .selectFrom('applications')
          .select(['id', 'page_id', 'received_at', 'payload'])
          .orderBy('received_at', 'asc')
          .orderBy('id', 'asc')
          .limit(batchSize);
        const last = after;
        if (last)
          query = query.where((where) =>
            where.or([
              where('received_at', '>', last.receivedAt),
              where.and([
                where('received_at', '=', last.receivedAt),
                where('id', '>', last.id),
              ]),
            ]),
          );
        const rows = await query.execute();
        for (const row of rows)
          yield {
            id: row.id,
            pageId: row.page_id,
            receivedAt: row.received_at,
            payload: readPayload(row.payload),
          };
        const tail = rows[rows.length - 1];
        if (!tail || rows.length < batchSize) return;
        after = { receivedAt: tail.received_at, id: tail.id };
      }
    },

    /** Erasure on a data-protection request: the row and, on SQLite, its bytes in the files. */
    async erase(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('applications')
        .where('id', '=', id)
        .executeTakeFirst();
      const isErased = Number(result.numDeletedRows) > 0;
      if (isErased) await database.scrubAfterErase();
      return isErased;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('applications')
        .select((select) => select.fn.countAll<number>().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
  };
}

export type ApplicationsRepository = ReturnType<
  typeof createApplicationsRepository
>;
