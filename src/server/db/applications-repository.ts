import type { Kysely } from 'kysely';
import type { EligibilityFacts } from '#engine/calls.ts';
import type { PlatformAnswer } from '#engine/payload.ts';
import {
  eligibilityColumnsOf,
  readJson,
  storedColumns,
  toStored,
  type StoredApplication,
} from './application-rows.ts';
import {
  createApplicationStore,
  type StoreHooks,
} from './application-store.ts';
import type { Database } from './database.ts';
import type { DatabaseSchema } from './tables.ts';
import { countByStage, listCountedPage } from './inbox-counts.ts';
import { listInboxPage } from './inbox-queries.ts';
import { reachCountsOf, withVerified } from '../reach/reach-counts.ts';
import {
  configVersionsOf,
  idsAfter,
  idsOf,
  iterateSelection,
  payloadsOf,
  selectionBatches,
} from './inbox-selection.ts';

/** How many applications are judged again by eligibility in one read and its writes. */
const eligibilityPage = 500;

export function createApplicationsRepository(
  database: Database,
  now: () => Date = () => new Date(),
  hooks: StoreHooks = {},
) {
  const { db } = database;
  // The inbox's reads take the database they read first; as methods, they read this one.
  const withDatabase =
    <Args extends unknown[], Result>(
      read: (database: Database, ...args: Args) => Result,
    ) =>
    (...args: Args) =>
      read(database, ...args);

  return {
    store: createApplicationStore(database, now, hooks),

    async get(id: string): Promise<StoredApplication | undefined> {
      const row = await db
        .selectFrom('applications')
        .select(storedColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toStored(row);
    },

    /** The applications named that are still there, read within a transaction when given one. */
    async getMany(
      ids: readonly string[],
      executor: Kysely<DatabaseSchema> = db,
    ): Promise<StoredApplication[]> {
      if (ids.length === 0) return [];
      const rows = await executor
        .selectFrom('applications')
        .select(storedColumns)
        .where('id', 'in', ids)
        .execute();
      return rows.map(toStored);
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

    list: withDatabase(listInboxPage),

    listCounted: withDatabase(listCountedPage),

    countByStage: withDatabase(countByStage),

    /**
     * Judges every application of a call again by `unmetOf` (its rules changed), a page of rows at
     * a time, reading only the inbox's columns and the platforms' own counts. Answers how many
     * changed.
     */
    async recheckEligibility(
      callSlug: string,
      unmetOf: (facts: EligibilityFacts) => string[],
    ): Promise<number> {
      let after = '';
      let changed = 0;
      for (;;) {
        const rows = await db
          .selectFrom('applications')
          .select(['id', 'country_code', 'platforms', 'eligibility'])
          .where('call_slug', '=', callSlug)
          .where('id', '>', after)
          .orderBy('id')
          .limit(eligibilityPage)
          .execute();
        const idsByJudgement = new Map<string, string[]>();
        const reach = await reachCountsOf(
          db,
          rows.map((row) => row.id),
        );
        for (const row of rows) {
          const columns = eligibilityColumnsOf(
            unmetOf({
              countryCode: row.country_code,
              platforms: withVerified(
                JSON.parse(row.platforms) as PlatformAnswer[],
                reach.get(row.id),
              ),
            }),
          );
          if (columns.eligibility === row.eligibility) continue;
          const ids = idsByJudgement.get(columns.eligibility ?? '') ?? [];
          ids.push(row.id);
          idsByJudgement.set(columns.eligibility ?? '', ids);
        }
        for (const [judgement, ids] of idsByJudgement) {
          await db
            .updateTable('applications')
            .set(
              eligibilityColumnsOf(
                judgement === '' ? [] : (JSON.parse(judgement) as string[]),
              ),
            )
            .where('id', 'in', ids)
            .execute();
          changed += ids.length;
        }
        const last = rows.at(-1);
        if (!last || rows.length < eligibilityPage) return changed;
        after = last.id;
      }
    },

    idsOf: withDatabase(idsOf),

    idsAfter: withDatabase(idsAfter),

    configVersionsOf: withDatabase(configVersionsOf),

    iterate: withDatabase(iterateSelection),

    batches: withDatabase(selectionBatches),

    payloadsOf: withDatabase(payloadsOf),

    /**
     * Erasure on a data-protection request: the row and, on SQLite, its bytes in the files.
     * `scrubbing`: no query finds it any more, but a reader that began before the erasure still
     * holds its bytes in the files; they are scrubbed as soon as that reader finishes.
     */
    async erase(id: string): Promise<'erased' | 'scrubbing' | 'not_found'> {
      const result = await db
        .deleteFrom('applications')
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return 'not_found';
      return (await database.scrubAfterErase()) ? 'erased' : 'scrubbing';
    },

    /**
     * Erasure of many (a selection, or what retention makes due): as `erase`, in statements of 500
     * ids, each its own transaction, so one erasure of thousands never holds the database for long.
     */
    async eraseMany(
      ids: readonly string[],
    ): Promise<{ erased: number; scrubbed: boolean }> {
      let erased = 0;
      for (let start = 0; start < ids.length; start += 500) {
        const result = await db
          .deleteFrom('applications')
          .where('id', 'in', ids.slice(start, start + 500))
          .executeTakeFirst();
        erased += Number(result.numDeletedRows);
      }
      return {
        erased,
        scrubbed: erased === 0 || (await database.scrubAfterErase()),
      };
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
