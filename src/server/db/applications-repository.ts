import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ApplicationPayload } from '#engine/payload.ts';
import type { Stage } from '#engine/stages.ts';
import { hashCanonical } from '../canonical-json.ts';
import type { Database } from './database.ts';

export type StoredApplication = {
  id: string;
  pageId: string;
  receivedAt: string;
  /** The configuration the application was answered under, or null when stored before versions were kept. */
  configVersion: string | null;
  payload: ApplicationPayload;
};

export type ApplicationSummary = {
  id: string;
  pageId: string;
  receivedAt: string;
  name: string;
  email: string;
  countryCode: string | null;
  stage: Stage;
  /** Up votes minus down votes of the staff. */
  netVotes: number;
};

export type StoreOutcome =
  | { kind: 'created' | 'replayed'; id: string; receivedAt: string }
  | { kind: 'conflict' };

export function hashPayload(payload: ApplicationPayload): string {
  return hashCanonical(payload);
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** SQLite keeps JSON as text, PostgreSQL as jsonb, which arrives parsed. */
function readJson<T>(stored: string | Record<string, unknown>): T {
  return (typeof stored === 'string' ? JSON.parse(stored) : stored) as T;
}

const storedColumns = [
  'id',
  'page_id',
  'received_at',
  'config_version',
  'payload',
] as const;

function toStored(row: {
  id: string;
  page_id: string;
  received_at: string;
  config_version: string | null;
  payload: string | Record<string, unknown>;
}): StoredApplication {
  return {
    id: row.id,
    pageId: row.page_id,
    receivedAt: row.received_at,
    configVersion: row.config_version,
    payload: readJson<ApplicationPayload>(row.payload),
  };
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

  /** Applications whose name or e-mail contains the search, or whose country code it is. */
  const matching = (search: string | undefined) => {
    const query = db.selectFrom('applications');
    if (!search) return query;
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    return query.where((where) =>
      where.or([
        where(sql`lower(full_name)`, 'like', sql`${pattern} escape '\\'`),
        where(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
        where(sql`lower(country_code)`, '=', search.toLowerCase()),
      ]),
    );
  };

  return {
    /**
     * Stores an application once per (page, idempotency key): the check and the insert are one
     * transaction, and a concurrent insert that wins the unique constraint turns into a replay.
     */
    async store(input: {
      pageId: string;
      idempotencyKey: string;
      configVersion: string;
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
            config_version: input.configVersion,
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
        .select(storedColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toStored(row);
    },

    /** Keeps a configuration the server serves, once per version, so its applications can be read with it later. */
    async rememberConfig(version: string, config: unknown): Promise<void> {
      await db
        .insertInto('wizard_configs')
        .values({
          version,
          config: JSON.stringify(config),
          first_served_at: now().toISOString(),
        })
        .onConflict((conflict) => conflict.column('version').doNothing())
        .execute();
    },

    async configFor(version: string): Promise<unknown> {
      const row = await db
        .selectFrom('wizard_configs')
        .select('config')
        .where('version', '=', version)
        .executeTakeFirst();
      return row && readJson<unknown>(row.config);
    },

    /** Newest first; `after` is the last row of the previous page (keyset pagination). */
    async list(options: {
      limit: number;
      after?: { receivedAt: string; id: string } | undefined;
      search?: string | undefined;
      stage?: Stage | undefined;
    }): Promise<ApplicationSummary[]> {
      let query = matching(options.search)
        .select([
          'id',
          'page_id',
          'received_at',
          'full_name',
          'email',
          'country_code',
          'stage',
        ])
        .select((eb) =>
          eb
            .selectFrom('votes')
            .whereRef('votes.application_id', '=', 'applications.id')
            .select((votes) => votes.fn.sum<string | number>('value').as('net'))
            .as('net_votes'),
        )
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit);
      const { after, stage } = options;
      if (stage) query = query.where('stage', '=', stage);
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
      const rows = await query.execute();
      return rows.map((row) => ({
        id: row.id,
        pageId: row.page_id,
        receivedAt: row.received_at,
        name: row.full_name,
        email: row.email,
        countryCode: row.country_code,
        stage: row.stage,
        netVotes: Number(row.net_votes ?? 0),
      }));
    },

    /** How many applications matching a search are in each stage. */
    async countByStage(search?: string): Promise<Record<Stage, number>> {
      const rows = await matching(search)
        .select([
          'stage',
          (eb) => eb.fn.countAll<string | number>().as('count'),
        ])
        .groupBy('stage')
        .execute();
      const counts: Record<Stage, number> = {
        new: 0,
        shortlisted: 0,
        accepted: 0,
        declined: 0,
      };
      for (const row of rows) counts[row.stage] = Number(row.count);
      return counts;
    },

    /** Every application, oldest first, read in batches so an export never holds them all. */
    async *iterate(batchSize = 500): AsyncGenerator<StoredApplication> {
      let after: { receivedAt: string; id: string } | undefined;
      for (;;) {
        let query = db
          .selectFrom('applications')
          .select(storedColumns)
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
        for (const row of rows) yield toStored(row);
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
