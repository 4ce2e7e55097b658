import type { Database } from '../db/database.ts';
import type { DatabaseSchema } from '../db/tables.ts';
import { isUniqueViolation } from '../db/storage-fault.ts';
import { hashCanonical } from '../canonical-json.ts';

export type PublishedRow = {
  number: number;
  /** The configuration as published (validated then). */
  config: unknown;
  configHash: string;
  publishedAt: string;
  publishedBy: string | null;
  summary: string;
};

export type SavedDraft = {
  config: unknown;
  baseVersion: number;
  savedAt: string;
  savedBy: string | null;
};

export type PublishOutcome =
  | { kind: 'published'; number: number; publishedAt: string }
  | { kind: 'stale'; current: number };

/** The version a configuration is recorded under by the applications answered with it. */
export const configHashOf = (config: unknown) => hashCanonical(config);

/**
 * Where a call's form lives: its published versions, numbered from 1 (the highest is what visitors
 * get), and one saved draft. A version is only ever added, so every version stays readable.
 */
export function createFormStore(
  database: Database,
  callSlug: string,
  now: () => Date = () => new Date(),
) {
  const { db } = database;
  const columns = [
    'number',
    'config',
    'config_hash',
    'published_at',
    'published_by',
    'summary',
  ] as const;
  const toPublished = (
    row: Omit<DatabaseSchema['form_versions'], 'call_slug'>,
  ): PublishedRow => ({
    number: Number(row.number),
    config: JSON.parse(row.config) as unknown,
    configHash: row.config_hash,
    publishedAt: row.published_at,
    publishedBy: row.published_by,
    summary: row.summary,
  });

  return {
    /** The call whose form this is. */
    callSlug,

    /** The number of the published version, or null before the first; one indexed read, cheap to poll. */
    async latestNumber(): Promise<number | null> {
      const row = await db
        .selectFrom('form_versions')
        .where('call_slug', '=', callSlug)
        .select('number')
        .orderBy('number', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? Number(row.number) : null;
    },

    /** One version, or the published one when no number is given. */
    async version(number?: number): Promise<PublishedRow | undefined> {
      let query = db
        .selectFrom('form_versions')
        .select(columns)
        .where('call_slug', '=', callSlug);
      query =
        number === undefined
          ? query.orderBy('number', 'desc').limit(1)
          : query.where('number', '=', number);
      const row = await query.executeTakeFirst();
      return row && toPublished(row);
    },

    /**
     * One version and when the next replaced it (null while none has): how long its applicants may
     * still send under it is counted from then. One read of at most two rows by their key.
     */
    async versionWithReplacement(
      number: number,
    ): Promise<(PublishedRow & { replacedAt: string | null }) | undefined> {
      const rows = await db
        .selectFrom('form_versions')
        .where('call_slug', '=', callSlug)
        .select(columns)
        .where('number', 'in', [number, number + 1])
        .execute();
      const row = rows.find((each) => Number(each.number) === number);
      const next = rows.find((each) => Number(each.number) === number + 1);
      return (
        row && { ...toPublished(row), replacedAt: next?.published_at ?? null }
      );
    },

    /** Every version, newest first, without their configurations. */
    async versions(): Promise<Omit<PublishedRow, 'config'>[]> {
      const rows = await db
        .selectFrom('form_versions')
        .where('call_slug', '=', callSlug)
        .select([
          'number',
          'config_hash',
          'published_at',
          'published_by',
          'summary',
        ])
        .orderBy('number', 'desc')
        .execute();
      return rows.map((row) => ({
        number: Number(row.number),
        configHash: row.config_hash,
        publishedAt: row.published_at,
        publishedBy: row.published_by,
        summary: row.summary,
      }));
    },

    /**
     * Publishes `config` as the version after `baseVersion` (0: the first), unless another version
     * was published since: then nothing is written and the caller hears which one is current.
     * Validating it is the caller's business. The configuration is also kept by its hash, where
     * applications answered under it find it.
     */
    async publish(input: {
      baseVersion: number;
      config: unknown;
      by: string | null;
      summary: string;
    }): Promise<PublishOutcome> {
      const number = input.baseVersion + 1;
      const publishedAt = now().toISOString();
      const text = JSON.stringify(input.config);
      const configHash = configHashOf(input.config);
      try {
        return await db.transaction().execute(async (transaction) => {
          const latest = await transaction
            .selectFrom('form_versions')
            .where('call_slug', '=', callSlug)
            .select('number')
            .orderBy('number', 'desc')
            .limit(1)
            .executeTakeFirst();
          const current = latest ? Number(latest.number) : 0;
          if (current !== input.baseVersion)
            return { kind: 'stale', current } as const;
          // Two publishes from one base that both read it before either wrote: the number is the
          // key, so the second insert fails and is answered as stale below.
          await transaction
            .insertInto('form_versions')
            .values({
              call_slug: callSlug,
              number,
              config: text,
              config_hash: configHash,
              published_at: publishedAt,
              published_by: input.by,
              summary: input.summary,
            })
            .execute();
          await transaction
            .insertInto('wizard_configs')
            .values({
              version: configHash,
              config: text,
              first_served_at: publishedAt,
            })
            .onConflict((conflict) => conflict.column('version').doNothing())
            .execute();
          return { kind: 'published', number, publishedAt } as const;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return { kind: 'stale', current: (await this.latestNumber()) ?? 0 };
      }
    },

    async draft(): Promise<SavedDraft | null> {
      const row = await db
        .selectFrom('form_draft')
        .select(['config', 'base_version', 'saved_at', 'saved_by'])
        .where('call_slug', '=', callSlug)
        .executeTakeFirst();
      return row
        ? {
            config: JSON.parse(row.config) as unknown,
            baseVersion: Number(row.base_version),
            savedAt: row.saved_at,
            savedBy: row.saved_by,
          }
        : null;
    },

    /** Keeps the one draft, whatever state it is in; the last save wins. */
    async saveDraft(input: {
      config: unknown;
      baseVersion: number;
      by: string | null;
    }): Promise<SavedDraft> {
      const saved = {
        config: JSON.stringify(input.config),
        base_version: input.baseVersion,
        saved_at: now().toISOString(),
        saved_by: input.by,
      };
      await db
        .insertInto('form_draft')
        .values({ call_slug: callSlug, ...saved })
        .onConflict((conflict) =>
          conflict.column('call_slug').doUpdateSet(saved),
        )
        .execute();
      return {
        config: input.config,
        baseVersion: input.baseVersion,
        savedAt: saved.saved_at,
        savedBy: input.by,
      };
    },

    async discardDraft(): Promise<void> {
      await db
        .deleteFrom('form_draft')
        .where('call_slug', '=', callSlug)
        .execute();
    },
  };
}

export type FormStore = ReturnType<typeof createFormStore>;
