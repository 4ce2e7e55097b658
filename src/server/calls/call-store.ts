import { sql, type Selectable } from 'kysely';
import { eligibilitySchema, type Eligibility } from '#engine/calls.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { withStepIds } from '#engine/step-ids.ts';
import type { Database } from '../db/database.ts';
import type { DatabaseSchema } from '../db/tables.ts';
import { isUniqueViolation } from '../db/storage-fault.ts';
import { configHashOf } from '../form/form-store.ts';

/** A call as the server keeps it; its status follows from its dates (`callStatusOf`). */
export type CallRecord = {
  slug: string;
  title: string;
  summary: string;
  opensAt: string | null;
  closesAt: string | null;
  places: number | null;
  eligibility: Eligibility | null;
  archived: boolean;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
};

/** What a call's settings may be changed to; `undefined` leaves a setting as it is. */
export type CallChanges = Partial<
  Pick<
    CallRecord,
    | 'title'
    | 'summary'
    | 'opensAt'
    | 'closesAt'
    | 'places'
    | 'eligibility'
    | 'archived'
  >
>;

export type NewCallRecord = Pick<CallRecord, 'slug' | 'title'> &
  CallChanges & {
    /** The form it starts with, as its version 1. */
    config: WizardConfig;
    by: string | null;
    isDefault?: boolean;
  };

/** A call's stored rules; none when they no longer read as rules. */
export function eligibilityOf(text: string | null): Eligibility | null {
  if (text === null) return null;
  const parsed = eligibilitySchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

const toRecord = (row: Selectable<DatabaseSchema['calls']>): CallRecord => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  opensAt: row.opens_at,
  closesAt: row.closes_at,
  places: row.places === null ? null : Number(row.places),
  eligibility: eligibilityOf(row.eligibility),
  archived: Number(row.archived) === 1,
  isDefault: Number(row.is_default) === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function columnsOf(changes: CallChanges) {
  return {
    ...(changes.title !== undefined && { title: changes.title }),
    ...(changes.summary !== undefined && { summary: changes.summary }),
    ...(changes.opensAt !== undefined && { opens_at: changes.opensAt }),
    ...(changes.closesAt !== undefined && { closes_at: changes.closesAt }),
    ...(changes.places !== undefined && { places: changes.places }),
    ...(changes.eligibility !== undefined && {
      eligibility:
        changes.eligibility === null
          ? null
          : JSON.stringify(changes.eligibility),
    }),
    ...(changes.archived !== undefined && {
      archived: changes.archived ? 1 : 0,
    }),
  };
}

/** A call's form always sends its applications under the call's slug. */
export const formOfCall = (config: WizardConfig, slug: string): WizardConfig =>
  config.pageId === slug ? config : { ...config, pageId: slug };

/**
 * The calls: each row its settings, its form in `form_versions` under its slug. A call is never
 * deleted (archived instead), so a slug is never reused and an old link never opens another call.
 */
export function createCallStore(
  database: Database,
  now: () => Date = () => new Date(),
) {
  const { db } = database;

  return {
    async list(): Promise<CallRecord[]> {
      const rows = await db.selectFrom('calls').selectAll().execute();
      return rows.map(toRecord);
    },

    async get(slug: string): Promise<CallRecord | undefined> {
      const row = await db
        .selectFrom('calls')
        .selectAll()
        .where('slug', '=', slug)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** The newest version number of each call's form: one grouped read over the versions' key. */
    async latestVersions(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('form_versions')
        .select(['call_slug', (eb) => eb.fn.max('number').as('latest')])
        .groupBy('call_slug')
        .execute();
      return new Map(rows.map((row) => [row.call_slug, Number(row.latest)]));
    },

    /** How many applications each call holds, and how many of them are accepted. */
    async tallies(): Promise<
      Map<string, { applications: number; accepted: number }>
    > {
      const rows = await db
        .selectFrom('applications')
        .select([
          'call_slug',
          (eb) => eb.fn.countAll().as('applications'),
          sql<number>`sum(case when stage = 'accepted' then 1 else 0 end)`.as(
            'accepted',
          ),
        ])
        .groupBy('call_slug')
        .execute();
      return new Map(
        rows.map((row) => [
          row.call_slug ?? '',
          {
            applications: Number(row.applications),
            accepted: Number(row.accepted ?? 0),
          },
        ]),
      );
    },

    /**
     * Makes a call and version 1 of its form in one transaction; 'taken' when the slug is (or was)
     * a call's.
     */
    async create(input: NewCallRecord): Promise<CallRecord | 'taken'> {
      const at = now().toISOString();
      // Every step has an id from the first version on: its insights keep their history.
      const config = withStepIds(formOfCall(input.config, input.slug));
      const text = JSON.stringify(config);
      const configHash = configHashOf(config);
      try {
        await db.transaction().execute(async (transaction) => {
          await transaction
            .insertInto('calls')
            .values({
              slug: input.slug,
              title: input.title,
              summary: input.summary ?? '',
              opens_at: input.opensAt ?? null,
              closes_at: input.closesAt ?? null,
              places: input.places ?? null,
              eligibility: input.eligibility
                ? JSON.stringify(input.eligibility)
                : null,
              archived: input.archived ? 1 : 0,
              is_default: input.isDefault ? 1 : 0,
              created_at: at,
              updated_at: at,
            })
            .execute();
          await transaction
            .insertInto('form_versions')
            .values({
              call_slug: input.slug,
              number: 1,
              config: text,
              config_hash: configHash,
              published_at: at,
              published_by: input.by,
              summary: 'First version',
            })
            .execute();
          await transaction
            .insertInto('wizard_configs')
            .values({ version: configHash, config: text, first_served_at: at })
            .onConflict((conflict) => conflict.column('version').doNothing())
            .execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
      const created = await this.get(input.slug);
      if (!created)
        throw new Error(`call ${input.slug} vanished as it was made`);
      return created;
    },

    /** Changes a call's settings; undefined when there is no such call. */
    async update(
      slug: string,
      changes: CallChanges,
    ): Promise<CallRecord | undefined> {
      await db
        .updateTable('calls')
        .set({ ...columnsOf(changes), updated_at: now().toISOString() })
        .where('slug', '=', slug)
        .execute();
      return this.get(slug);
    },

    /** Makes one call the one `/` serves; the one before stops being it in the same transaction. */
    async makeDefault(slug: string): Promise<void> {
      const at = now().toISOString();
      await db.transaction().execute(async (transaction) => {
        await transaction
          .updateTable('calls')
          .set({ is_default: 0, updated_at: at })
          .where('is_default', '=', 1)
          .execute();
        await transaction
          .updateTable('calls')
          .set({ is_default: 1, updated_at: at })
          .where('slug', '=', slug)
          .execute();
      });
    },

    /** The slug of the call `/` serves; undefined before the first start. */
    async defaultSlug(): Promise<string | undefined> {
      const row = await db
        .selectFrom('calls')
        .select('slug')
        .where('is_default', '=', 1)
        .executeTakeFirst();
      return row?.slug;
    },

    /**
     * On the first start (no call yet), the configuration file becomes the default call, and every
     * application stored before calls existed becomes its. Two processes starting at once: the
     * slug is the key, so the second finds the first's.
     */
    async ensureDefault(seed: WizardConfig): Promise<void> {
      const existing = await db
        .selectFrom('calls')
        .select('slug')
        .limit(1)
        .executeTakeFirst();
      if (!existing) {
        const created = await this.create({
          slug: seed.pageId,
          title: seed.title.slice(0, 120),
          config: seed,
          by: null,
          isDefault: true,
        });
        if (created !== 'taken')
          await db
            .updateTable('form_versions')
            .set({ summary: 'First version, from the configuration file' })
            .where('call_slug', '=', seed.pageId)
            .where('number', '=', 1)
            .execute();
      }
      const fallback = await this.defaultSlug();
      if (fallback)
        await db
          .updateTable('applications')
          .set({ call_slug: fallback })
          .where('call_slug', 'is', null)
          .execute();
    },
  };
}

export type CallStore = ReturnType<typeof createCallStore>;
