import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EligibilityFacts } from '#engine/calls.ts';
import { emailKeyOf } from '#engine/email-identity.ts';
import type { ApplicationPayload, PlatformAnswer } from '#engine/payload.ts';
import type { SourceLabels } from '#engine/insights.ts';
import { stages, type Stage } from '#engine/stages.ts';
import type { InboxFilters, InboxSort } from '#review-api/inbox.ts';
import {
  canonicalJson,
  sha256Hex,
  withKeysInOrder,
} from '../canonical-json.ts';
import { fullNameOf, inboxColumnsOf } from './applicant-columns.ts';
import type { Kysely } from 'kysely';
import type { Database, DatabaseSchema } from './database.ts';
import { duplicatesAmong, storedFirstsOf } from './duplicates.ts';
import { createGroupCommit } from './group-commit.ts';

/** The call an application was sent to, and what its rules and clock said of it then. */
export type CallFacts = {
  callSlug: string;
  /** One sentence per eligibility rule of the call it misses; none: eligible. */
  eligibility: string[];
  /** Stored in the hour after the call closed. */
  late: boolean;
};

export type StoredApplication = CallFacts & {
  id: string;
  pageId: string;
  receivedAt: string;
  /** The configuration the application was answered under, or null when stored before versions were kept. */
  configVersion: string | null;
  payload: ApplicationPayload;
  /** Where the applicant's visit came from; null when the wizard did not say. */
  source: SourceLabels | null;
};

export type ApplicationSummary = CallFacts & {
  id: string;
  pageId: string;
  receivedAt: string;
  name: string;
  email: string;
  countryCode: string | null;
  platforms: PlatformAnswer[];
  /** The sum of the followers of its platforms. */
  reach: number;
  stage: Stage;
  /** Up votes minus down votes of the staff. */
  netVotes: number;
  tags: string[];
  /** The same person's first application to the call, when this is a second one. */
  duplicateOf: string | null;
  /** The language it was written in; null when stored before forms had languages. */
  language: string | null;
};

export type StoreOutcome =
  | { kind: 'created' | 'replayed'; id: string; receivedAt: string }
  | { kind: 'conflict' };

/** An application to store; it is its page's call's (the page id is the call's slug) unless told otherwise. */
type StoreInput = Partial<CallFacts> & {
  pageId: string;
  idempotencyKey: string;
  configVersion: string;
  payload: ApplicationPayload;
  source?: SourceLabels | null;
};

// SQLite allows 32,766 bound values in one statement; a row has 23.
const maxBatchSize = 256;

/** How many applications are judged again by eligibility in one read and its writes. */
const eligibilityPage = 500;

/** How many applications `iterate` yields between two turns of the event loop. */
const rowsBetweenPauses = 50;

function rowOf(input: StoreInput, stored: StoredPayload, receivedAt: string) {
  const personal = input.payload.personalInfo;
  const email =
    typeof personal.emailAddress === 'string' ? personal.emailAddress : '';
  return {
    id: randomUUID(),
    page_id: input.pageId,
    idempotency_key: input.idempotencyKey,
    payload_hash: stored.hash,
    received_at: receivedAt,
    payload: stored.text,
    config_version: input.configVersion,
    full_name: fullNameOf(input.payload),
    ...inboxColumnsOf(input.payload),
    email,
    email_key: emailKeyOf(email),
    country_code:
      typeof personal.countryCode === 'string' ? personal.countryCode : null,
    source: input.source?.source ?? null,
    medium: input.source?.medium ?? null,
    campaign: input.source?.campaign ?? null,
    call_slug: input.callSlug ?? input.pageId,
    ...eligibilityColumnsOf(input.eligibility ?? []),
    late: input.late ? 1 : 0,
    language: input.payload.language ?? null,
  };
}

/** The columns that hold whether an application meets its call's rules, and which it misses. */
const eligibilityColumnsOf = (unmet: readonly string[]) => ({
  eligible: unmet.length === 0 ? 1 : 0,
  eligibility: unmet.length === 0 ? null : JSON.stringify(unmet),
});

/** The call facts of a row, as `CallFacts` says them. */
function callFactsOf(row: {
  call_slug: string | null;
  eligibility: string | null;
  late: number | string;
}): CallFacts {
  return {
    callSlug: row.call_slug ?? '',
    eligibility:
      row.eligibility === null ? [] : (JSON.parse(row.eligibility) as string[]),
    late: Number(row.late) === 1,
  };
}

type ApplicationRow = ReturnType<typeof rowOf>;

/**
 * The applications an export or a bulk action is about: those matching a view of the inbox (its
 * filters and stage tab), narrowed to chosen ids when there are any; every one without either.
 */
export type InboxSelection = {
  filters?: InboxFilters;
  stage?: Stage | undefined;
  ids?: readonly string[] | undefined;
};

/** The last row of a page: where the next one starts, in the order of the sort. */
export type InboxCursor = {
  receivedAt: string;
  id: string;
  reach?: number;
  votes?: number;
};

/** `text` anywhere, as a LIKE pattern with its wildcards escaped. */
const likePattern = (text: string) =>
  `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** An application's answers as stored: their canonical JSON, and its hash, which tells a replay from a conflict. */
type StoredPayload = { text: string; hash: string };

export function storedPayloadOf(payload: ApplicationPayload): StoredPayload {
  const text = canonicalJson(payload);
  return { text, hash: sha256Hex(text) };
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
  'source',
  'medium',
  'campaign',
  'call_slug',
  'eligibility',
  'late',
] as const;

function toStored(row: {
  id: string;
  page_id: string;
  received_at: string;
  config_version: string | null;
  payload: string | Record<string, unknown>;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  call_slug: string | null;
  eligibility: string | null;
  late: number | string;
}): StoredApplication {
  return {
    ...callFactsOf(row),
    id: row.id,
    pageId: row.page_id,
    receivedAt: row.received_at,
    configVersion: row.config_version,
    payload: withKeysInOrder(readJson<ApplicationPayload>(row.payload)),
    source:
      row.source === null
        ? null
        : {
            source: row.source,
            medium: row.medium ?? '',
            campaign: row.campaign,
          },
  };
}

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

export function createApplicationsRepository(
  database: Database,
  now: () => Date = () => new Date(),
  hooks: StoreHooks = {},
) {
  const { db } = database;

  const outcomeFor = (
    existing: { id: string; received_at: string; payload_hash: string },
    hash: string,
  ): StoreOutcome =>
    existing.payload_hash === hash
      ? { kind: 'replayed', id: existing.id, receivedAt: existing.received_at }
      : { kind: 'conflict' };

  /**
   * Applications matching the inbox's filters: the search in the name, e-mail or a handle (or the
   * country code), a country, a platform, a minimum reach; a person's second applications to a
   * call only when asked for.
   */
  const matching = (filters: InboxFilters) => {
    let query = db.selectFrom('applications');
    const { search, country, platform, minReach, receivedFrom, receivedTo } =
      filters;
    if (search) {
      const pattern = likePattern(search.toLowerCase());
      query = query.where((where) =>
        where.or([
          where(sql`lower(full_name)`, 'like', sql`${pattern} escape '\\'`),
          where(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
          where(sql`handles`, 'like', sql`${pattern} escape '\\'`),
          where(sql`lower(country_code)`, '=', search.toLowerCase()),
        ]),
      );
    }
    if (!filters.duplicates) query = query.where('duplicate_of', 'is', null);
    if (filters.call) query = query.where('call_slug', '=', filters.call);
    if (filters.eligible)
      query = query.where('eligible', '=', filters.eligible === 'yes' ? 1 : 0);
    if (country) query = query.where('country_code', '=', country);
    if (filters.source) query = query.where('source', '=', filters.source);
    if (filters.language)
      query = query.where('language', '=', filters.language);
    if (platform)
      query = query.where(
        sql`platforms`,
        'like',
        sql`${likePattern(`"platform":"${platform}"`)} escape '\\'`,
      );
    if (minReach !== undefined) query = query.where('reach', '>=', minReach);
    if (receivedFrom) query = query.where('received_at', '>=', receivedFrom);
    if (receivedTo) query = query.where('received_at', '<', receivedTo);
    if (filters.hasNote)
      query = query.where((where) =>
        where.exists(
          where
            .selectFrom('notes')
            .select('notes.id')
            .whereRef('notes.application_id', '=', 'applications.id'),
        ),
      );
    const { tag } = filters;
    if (tag)
      query = query.where((where) =>
        where.exists(
          where
            .selectFrom('tags')
            .select('tags.tag')
            .whereRef('tags.application_id', '=', 'applications.id')
            .where('tags.tag', '=', tag),
        ),
      );
    return query;
  };

  // A view of the inbox hides second applications unless it asks for them. Chosen by id, one is
  // what was chosen; and a selection of no view at all (every application) holds them too.
  const selected = ({ filters, stage, ids }: InboxSelection) =>
    matching(
      ids === undefined && filters !== undefined
        ? filters
        : { ...filters, duplicates: true },
    )
      .$if(stage !== undefined, (query) =>
        query.where('stage', '=', stage as Stage),
      )
      .$if(ids !== undefined, (query) =>
        query.where('id', 'in', ids as readonly string[]),
      );

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
      (row) =>
        insertedIds.has(row.id) && lost.has(duplicateOf.get(row.id) ?? ''),
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

  return {
    /**
     * Stores an application once per (page, idempotency key) and answers when it is on disk.
     * Applications that arrive together are written in one transaction (group commit).
     */
    async store(input: StoreInput): Promise<StoreOutcome> {
      const settled = await groupCommit.write(input);
      if (settled.status === 'rejected') throw settled.reason;
      return settled.value;
    },

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

    /** A page of the inbox; `after` is the last row of the previous page (keyset pagination). */
    async list(options: {
      limit: number;
      after?: InboxCursor | undefined;
      filters?: InboxFilters;
      stage?: Stage | undefined;
      sort?: InboxSort;
    }): Promise<ApplicationSummary[]> {
      const byReach = options.sort === 'reach';
      const byVotes = options.sort === 'votes';
      // Net votes: up minus down, 0 without any.
      const netVotes = sql<number>`coalesce((select sum(value) from votes where votes.application_id = applications.id), 0)`;
      let query = matching(options.filters ?? {})
        .select([
          'id',
          'page_id',
          'received_at',
          'full_name',
          'email',
          'country_code',
          'stage',
          'reach',
          'platforms',
          'call_slug',
          'eligibility',
          'late',
          'duplicate_of',
          'language',
        ])
        .select(netVotes.as('net_votes'))
        .$if(byReach, (sorted) => sorted.orderBy('reach', 'desc'))
        .$if(byVotes, (sorted) => sorted.orderBy(netVotes, 'desc'))
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit);
      const { after, stage } = options;
      if (stage) query = query.where('stage', '=', stage);
      if (after)
        query = query.where((where) => {
          const older = where.or([
            where('received_at', '<', after.receivedAt),
            where.and([
              where('received_at', '=', after.receivedAt),
              where('id', '<', after.id),
            ]),
          ]);
          if (byReach)
            return where.or([
              where('reach', '<', after.reach ?? 0),
              where.and([where('reach', '=', after.reach ?? 0), older]),
            ]);
          if (byVotes)
            return where.or([
              where(netVotes, '<', after.votes ?? 0),
              where.and([where(netVotes, '=', after.votes ?? 0), older]),
            ]);
          return older;
        });
      const rows = await query.execute();
      const tagsOf = new Map<string, string[]>();
      if (rows.length > 0)
        for (const tagged of await db
          .selectFrom('tags')
          .select(['application_id', 'tag'])
          .where(
            'application_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('tag')
          .execute())
          tagsOf.set(tagged.application_id, [
            ...(tagsOf.get(tagged.application_id) ?? []),
            tagged.tag,
          ]);
      return rows.map((row) => ({
        ...callFactsOf(row),
        id: row.id,
        pageId: row.page_id,
        receivedAt: row.received_at,
        name: row.full_name,
        email: row.email,
        countryCode: row.country_code,
        platforms: JSON.parse(row.platforms) as PlatformAnswer[],
        reach: Number(row.reach),
        stage: row.stage,
        netVotes: Number(row.net_votes ?? 0),
        tags: tagsOf.get(row.id) ?? [],
        duplicateOf: row.duplicate_of,
        language: row.language,
      }));
    },

    /** How many applications matching the filters are in each stage. */
    async countByStage(
      filters: InboxFilters = {},
    ): Promise<Record<Stage, number>> {
      const rows = await matching(filters)
        .select([
          'stage',
          (eb) => eb.fn.countAll<string | number>().as('count'),
        ])
        .groupBy('stage')
        .execute();
      const counts = Object.fromEntries(
        stages.map((stage) => [stage, 0]),
      ) as Record<Stage, number>;
      for (const row of rows) counts[row.stage] = Number(row.count);
      return counts;
    },

    /**
     * Judges every application of a call again by `unmetOf` (its rules changed), a page of rows at
     * a time, reading only the inbox's columns. Answers how many changed.
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
        for (const row of rows) {
          const columns = eligibilityColumnsOf(
            unmetOf({
              countryCode: row.country_code,
              platforms: JSON.parse(row.platforms) as PlatformAnswer[],
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

    /** The ids of a selection, newest first; at most `limit` of them. */
    async idsOf(selection: InboxSelection, limit: number): Promise<string[]> {
      const rows = await selected(selection)
        .select('id')
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * The configuration versions the selected applications were answered under (null: stored
     * before versions were kept), oldest first. Each version this server has served is looked up
     * in the index, one at a time: a DISTINCT would read every row, which on SQLite holds the
     * event loop for as long as the table is big.
     */
    async configVersionsOf(
      selection: InboxSelection = {},
    ): Promise<Array<string | null>> {
      const served = await db
        .selectFrom('wizard_configs')
        .select('version')
        .orderBy('first_served_at')
        .orderBy('version')
        .execute();
      const versions: Array<string | null> = [];
      for (const version of [null, ...served.map((row) => row.version)]) {
        const found = await selected(selection)
          .select('id')
          .$if(version === null, (query) =>
            query.where('config_version', 'is', null),
          )
          .$if(version !== null, (query) =>
            query.where('config_version', '=', version),
          )
          .limit(1)
          .executeTakeFirst();
        if (found) versions.push(version);
      }
      return versions;
    },

    /**
     * Every application selected (all by default), oldest first, read in batches so an export never
     * holds them all. The event loop runs before each batch and every few applications: SQLite
     * answers synchronously, and what the reader does with each (an export describes it, the
     * costliest step) runs between them, so without those pauses an export would hold up every
     * other request until it ended.
     */
    async *iterate(
      selection: InboxSelection = {},
      batchSize = 200,
    ): AsyncGenerator<StoredApplication> {
      let after: { receivedAt: string; id: string } | undefined;
      let sincePause = 0;
      for (;;) {
        let query = selected(selection)
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
        for (const row of rows) {
          if (++sincePause === rowsBetweenPauses) {
            sincePause = 0;
            await new Promise(setImmediate);
          }
          yield toStored(row);
        }
        const tail = rows[rows.length - 1];
        if (!tail || rows.length < batchSize) return;
        after = { receivedAt: tail.received_at, id: tail.id };
        // The next batch's read is synchronous on SQLite too: the requests waiting go first.
        sincePause = 0;
        await new Promise(setImmediate);
      }
    },

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
