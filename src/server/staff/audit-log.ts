import { randomUUID } from 'node:crypto';
import type {
  AuditAction,
  AuditEntry,
  AuditFilters,
} from '#review-api/audit.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DatabaseSchema } from '../db/tables.ts';
import { encodeCursor, parseCursor } from '../review/cursor.ts';

type NewAuditEntry = {
  actor: string | null;
  action: AuditAction;
  subject: string | null;
  address: string | null;
  detail?: string;
  count?: number;
};

type AuditCursor = { at: string; id: string };

// The column's width; a detail is a short description, never worth failing an action over.
const detailLength = 400;

/** Who did what, when, from which address; never an applicant's answers. */
export function createAuditLog(database: Database) {
  const { db } = database;
  /** Several entries in one statement per 500; in `within`, a transaction, when given. */
  async function recordMany(
    entries: readonly NewAuditEntry[],
    within: Kysely<DatabaseSchema> = db,
  ): Promise<void> {
    const at = new Date().toISOString();
    for (let start = 0; start < entries.length; start += 500)
      await within
        .insertInto('audit_log')
        .values(
          entries.slice(start, start + 500).map((entry) => ({
            id: randomUUID(),
            at,
            actor: entry.actor,
            action: entry.action,
            subject: entry.subject,
            address: entry.address,
            detail: entry.detail?.slice(0, detailLength) ?? null,
            count: entry.count ?? null,
          })),
        )
        .execute();
  }

  /** The entries the filters select, newest first, from after `after`; with the application each is about, while it is there. */
  function selected(filters: AuditFilters, after: AuditCursor | undefined) {
    const { actor, action, from, to } = filters;
    let query = db
      .selectFrom('audit_log')
      .leftJoin('applications', 'applications.id', 'audit_log.subject')
      .select([
        'audit_log.id',
        'audit_log.at',
        'audit_log.actor',
        'audit_log.action',
        'audit_log.subject',
        'audit_log.address',
        'audit_log.detail',
        'audit_log.count',
        'applications.full_name as application_name',
      ])
      .orderBy('audit_log.at', 'desc')
      .orderBy('audit_log.id', 'desc');
    if (actor !== undefined) query = query.where('audit_log.actor', '=', actor);
    if (action !== undefined)
      query = query.where('audit_log.action', '=', action);
    if (from !== undefined) query = query.where('audit_log.at', '>=', from);
    if (to !== undefined) query = query.where('audit_log.at', '<', to);
    if (after)
      query = query.where((where) =>
        where.or([
          where('audit_log.at', '<', after.at),
          where.and([
            where('audit_log.at', '=', after.at),
            where('audit_log.id', '<', after.id),
          ]),
        ]),
      );
    return query;
  }
  type Row = Awaited<
    ReturnType<ReturnType<typeof selected>['execute']>
  >[number];
  const toEntry = (row: Row): AuditEntry => ({
    id: row.id,
    at: row.at,
    actor: row.actor,
    action: row.action as AuditAction,
    subject: row.subject,
    address: row.address,
    detail: row.detail,
    count: row.count === null ? null : Number(row.count),
    application:
      row.subject && row.application_name !== null
        ? { id: row.subject, name: row.application_name }
        : null,
  });

  return {
    recordMany,

    async record(
      entry: NewAuditEntry,
      within?: Kysely<DatabaseSchema>,
    ): Promise<void> {
      await recordMany([entry], within);
    },

    /**
     * A page of the entries the filters select, newest first, and the cursor of the next (null on
     * the last). Keyset paging: every page costs the same, however far back it is.
     */
    async page(
      filters: AuditFilters,
      options: { limit: number; cursor: string | undefined },
    ): Promise<{ entries: AuditEntry[]; nextCursor: string | null } | null> {
      let after: AuditCursor | undefined;
      if (options.cursor !== undefined) {
        const cursor = parseCursor<AuditCursor>(options.cursor);
        if (typeof cursor?.at !== 'string' || typeof cursor.id !== 'string')
          return null;
        after = { at: cursor.at, id: cursor.id };
      }
      const rows = await selected(filters, after)
        .limit(options.limit + 1)
        .execute();
      const entries = rows.slice(0, options.limit).map(toEntry);
      const last = entries.at(-1);
      return {
        entries,
        nextCursor:
          rows.length > options.limit && last
            ? encodeCursor({ at: last.at, id: last.id })
            : null,
      };
    },

    /** Every entry the filters select, newest first, read in batches so an export never holds them all. */
    async *iterate(filters: AuditFilters): AsyncGenerator<AuditEntry> {
      let after: AuditCursor | undefined;
      for (;;) {
        const rows = await selected(filters, after).limit(500).execute();
        for (const row of rows) yield toEntry(row);
        const last = rows.at(-1);
        if (!last || rows.length < 500) return;
        after = { at: last.at, id: last.id };
      }
    },

    /** Everyone who appears in the log as having acted, for its filter. */
    async actors(): Promise<string[]> {
      const rows = await db
        .selectFrom('audit_log')
        .select('actor')
        .distinct()
        .where('actor', 'is not', null)
        .orderBy('actor')
        .execute();
      return rows.flatMap((row) => (row.actor ? [row.actor] : []));
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
