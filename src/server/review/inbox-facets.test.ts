import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type Dialect,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import type { InboxFacets, InboxFilters } from '#review-api/inbox.ts';
import {
  engines,
  scratchDatabase,
  scratchPool,
} from '../../../tests/support/databases.ts';
import { databaseMigratedTo } from '../../../tests/support/older-database.ts';
import { createApplicationsRepository } from '../db/applications-repository.ts';
import type { Database, Engine } from '../db/database.ts';
import { countByStage } from '../db/inbox-counts.ts';
import type { DatabaseSchema } from '../db/tables.ts';
import { inboxFacetsOf } from './inbox-facets.ts';

const platformsOf = (n: number): ApplicationPayload['platforms'] => {
  const handle = { handle: `a${n}`, followers: String(n * 100) };
  return [
    { instagram: handle },
    { youtube: handle, tiktok: handle },
    { instagram: handle, tiktok: handle, twitch: handle },
    {},
  ][n % 4] as ApplicationPayload['platforms'];
};

const applicationOf = (n: number, email = `a${n}@example.com`) => ({
  personalInfo: {
    firstName: `Ada${n}`,
    lastName: 'Lovelace',
    emailAddress: email,
    countryCode: ['GB', 'FR', 'DE', 'GB', 'FR'][n % 5] ?? 'GB',
  },
  platforms: platformsOf(n),
  fields: [],
  ...(n % 3 !== 2 && { language: n % 3 === 0 ? 'fr' : 'en' }),
});

/** Each value's count among `values`, most frequent first, as the facets order them. */
function tally<K extends string>(key: K, values: Array<string | null>) {
  const counts = new Map<string, number>();
  for (const value of values)
    if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ [key]: value, count }))
    .sort(
      (a, b) =>
        b.count - a.count || String(a[key]).localeCompare(String(b[key])),
    ) as Array<Record<K, string> & { count: number }>;
}

/** What the facets must say: every stored application's own values, tallied here. */
async function facetsOfRows(database: Database): Promise<InboxFacets> {
  const rows = await database.db
    .selectFrom('applications')
    .select(['platforms', 'country_code', 'language', 'source'])
    .execute();
  const tags = await database.db.selectFrom('tags').select('tag').execute();
  return {
    countries: tally(
      'code',
      rows.map((row) => row.country_code),
    ),
    platforms: tally(
      'platform',
      rows.flatMap((row) =>
        (JSON.parse(row.platforms) as Array<{ platform: string }>).map(
          (answer) => answer.platform,
        ),
      ),
    ),
    tags: tally(
      'tag',
      tags.map((row) => row.tag),
    ),
    sources: tally(
      'source',
      rows.map((row) => row.source),
    ),
    languages: tally(
      'language',
      rows.map((row) => row.language),
    ),
  } as InboxFacets;
}

describe.each(engines)('what the filters offer, on %s', (engine) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let database: Database;
  const ids: string[] = [];

  beforeAll(async () => {
    scratch = await scratchDatabase(engine);
    database = await scratch.open();
    const repository = createApplicationsRepository(database);
    for (let n = 0; n < 40; n += 1) {
      // Every tenth is a second application of the person before it to the same call.
      const isSecond = n % 10 === 9;
      const outcome = await repository.store({
        pageId: 'north',
        idempotencyKey: randomUUID(),
        configVersion: 'c'.repeat(64),
        payload: applicationOf(
          n,
          isSecond ? `a${n - 1}@example.com` : undefined,
        ),
      });
      if (outcome.kind !== 'created') throw new Error('not stored');
      ids.push(outcome.id);
    }
    const every = (step: number, from: number) =>
      ids.filter((_, n) => n % step === from);
    await database.db
      .updateTable('applications')
      .set({ country_code: null })
      .where('id', 'in', every(7, 3))
      .execute();
    await database.db
      .updateTable('applications')
      .set({ source: 'newsletter' })
      .where('id', 'in', every(6, 1))
      .execute();
    await database.db
      .insertInto('tags')
      .values([
        ...every(5, 0).map((id) => ({ application_id: id, tag: 'travel' })),
        ...every(8, 2).map((id) => ({ application_id: id, tag: 'food' })),
      ])
      .execute();
  }, 60_000);

  afterAll(async () => {
    await database.close();
    await scratch.drop();
  });

  test('are what the applications hold, second applications among them', async () => {
    const facets = await inboxFacetsOf(database);
    expect(facets).toEqual(await facetsOfRows(database));
    expect(facets.platforms.map((row) => row.platform)).toEqual([
      'instagram',
      'tiktok',
      'twitch',
      'youtube',
    ]);
    expect(facets.countries.length).toBe(3);
    expect(facets.languages.length).toBe(2);
    expect(
      (
        await database.db
          .selectFrom('applications')
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .where('duplicate_of', 'is not', null)
          .executeTakeFirst()
      )?.count,
    ).not.toBe(0);
  });

  test('follow a stage moved, a country changed and applications erased', async () => {
    await database.db
      .updateTable('applications')
      .set({ stage: 'shortlisted' })
      .where('id', 'in', ids.slice(0, 10))
      .execute();
    await database.db
      .updateTable('applications')
      .set({ country_code: 'IT', language: 'it' })
      .where('id', '=', ids[1] ?? '')
      .execute();
    const repository = createApplicationsRepository(database);
    await repository.erase(ids[2] ?? '');
    await repository.eraseMany(ids.slice(20, 24));
    const facets = await inboxFacetsOf(database);
    expect(facets).toEqual(await facetsOfRows(database));
    expect(facets.countries).toContainEqual({ code: 'IT', count: 1 });
    expect(facets.languages).toContainEqual({ language: 'it', count: 1 });
  });
});

describe.each(engines)(
  'applications stored before the facets’ indexes, on %s',
  (engine) => {
    test('are offered after the migration', async () => {
      const scratch = await scratchDatabase(engine);
      const older = await databaseMigratedTo(
        scratch,
        engine,
        '042-inbox-filter-indexes',
      );
      try {
        for (const [n, country, platforms] of [
          [1, 'GB', ['instagram']],
          [2, 'GB', ['youtube', 'tiktok']],
          [3, null, ['instagram', 'twitch']],
          [4, 'FR', []],
        ] as const)
          await sql`
          insert into applications
            (id, page_id, idempotency_key, payload_hash, received_at, payload, full_name, email,
             country_code, config_version, call_slug, stage, platforms, reach)
          values (${`00000000-0000-4000-8000-00000000000${n}`}, 'older', ${randomUUID()}, 'hash',
            ${`2026-02-03T09:00:0${n}.000Z`}, ${JSON.stringify(applicationOf(n))},
            'Ada Lovelace', ${`a${n}@example.com`}, ${country}, null, 'older', 'new',
            ${JSON.stringify(platforms.map((platform) => ({ platform, handle: `a${n}`, followers: 100 })))}, 100)`.execute(
            older,
          );
      } finally {
        await older.destroy();
      }
      const database = await scratch.open();
      try {
        const facets = await inboxFacetsOf(database);
        expect(facets).toEqual(await facetsOfRows(database));
        expect(facets.platforms).toEqual([
          { platform: 'instagram', count: 2 },
          { platform: 'tiktok', count: 1 },
          { platform: 'twitch', count: 1 },
          { platform: 'youtube', count: 1 },
        ]);
        expect(facets.countries).toEqual([
          { code: 'GB', count: 2 },
          { code: 'FR', count: 1 },
        ]);
      } finally {
        await database.close();
        await scratch.drop();
      }
    });
  },
);

/**
 * A database over one connection that keeps every statement it runs, and the plans of those
 * statements. On PostgreSQL sequential scans are turned off for that connection: at a few rows its
 * planner reads the table whatever the indexes, so the plan says which index can serve, not which
 * it would choose at 100,000.
 */
async function loggedDatabase(engine: Engine) {
  const scratch = await scratchDatabase(engine);
  await (await scratch.open()).close();
  const statements: CompiledQuery[] = [];
  const dialect: Dialect =
    engine === 'sqlite'
      ? new SqliteDialect({ database: new SQLite(scratch.sqlitePath) })
      : new PostgresDialect({ pool: scratchPool(scratch.url, 1) });
  const db = new Kysely<DatabaseSchema>({
    dialect,
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  if (engine === 'postgres') await sql`set enable_seqscan = off`.execute(db);
  const database = { db, engine } as Database;
  const plansOf = async (read: (database: Database) => Promise<unknown>) => {
    statements.length = 0;
    await read(database);
    const plans: string[] = [];
    // Explained with the same parameters, bound as the statement bound them.
    for (const { sql: text, parameters } of [...statements]) {
      const { rows } = await db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(
          `${engine === 'sqlite' ? 'explain query plan' : 'explain'} ${text}`,
          [...parameters],
        ),
      );
      plans.push(
        rows
          .map((row) => row[engine === 'sqlite' ? 'detail' : 'QUERY PLAN'])
          .join('\n'),
      );
    }
    return plans;
  };
  return {
    plansOf,
    close: async () => {
      await db.destroy();
      await scratch.drop();
    },
  };
}

describe.each(engines)('on %s, what the filters offer', (engine) => {
  test('reads the platforms from their partial indexes, the countries and languages from indexes in their order', async () => {
    const logged = await loggedDatabase(engine);
    try {
      const plans = await logged.plansOf(inboxFacetsOf);
      const platformsPlan = plans.find((plan) =>
        plan.includes('applications_platform_'),
      );
      for (const platform of ['instagram', 'tiktok', 'reddit'])
        expect(platformsPlan).toContain(`applications_platform_${platform}`);
      // The countries and the languages, each grouped in the order of an index.
      if (engine === 'sqlite')
        for (const index of [
          'applications_countries',
          'applications_languages',
        ])
          expect(plans).toContain(`SCAN applications USING INDEX ${index}`);
      else
        expect(
          plans.filter((plan) =>
            /Index Only Scan using applications_facets/.test(plan),
          ).length,
        ).toBe(2);
      expect(plans.join('\n')).not.toMatch(
        /applications_filters|Seq Scan on applications|TEMP B-TREE/,
      );
    } finally {
      await logged.close();
    }
  });
});

test.runIf(engines.includes('postgres'))(
  'on PostgreSQL, a count under a platform can read that platform’s index alone',
  async () => {
    const logged = await loggedDatabase('postgres');
    try {
      const filterings: InboxFilters[] = [
        { platform: 'instagram' },
        { platform: 'tiktok', country: 'GB', minReach: 1000 },
      ];
      for (const filters of filterings)
        expect(
          await logged.plansOf((database) => countByStage(database, filters)),
        ).toEqual([
          expect.stringMatching(
            new RegExp(
              `Index Only Scan using applications_platform_${filters.platform} on applications`,
            ),
          ),
        ]);
    } finally {
      await logged.close();
    }
  },
);
