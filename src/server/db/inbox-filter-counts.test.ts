import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import { stages, type Stage } from '#engine/stages.ts';
import type { InboxFilters } from '#review-api/inbox.ts';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import { databaseMigratedTo } from '../../../tests/support/older-database.ts';
import { createApplicationsRepository } from './applications-repository.ts';
import type { Database } from './database.ts';
import { countByStage, listCountedPage } from './inbox-counts.ts';
import { listInboxPage } from './inbox-queries.ts';
import type { DatabaseSchema } from './tables.ts';

const platformsOf = (n: number): ApplicationPayload['platforms'] =>
  n % 3 === 0
    ? { instagram: { handle: `a${n}`, followers: String(n * 1000) } }
    : n % 3 === 1
      ? { youtube: { handle: `a${n}`, followers: String(n * 1000) } }
      : {
          instagram: { handle: `a${n}`, followers: String(n * 500) },
          tiktok: { handle: `a${n}`, followers: String(n * 500) },
        };

const applicationOf = (n: number, email = `a${n}@example.com`) => ({
  personalInfo: {
    firstName: `Ada${n}`,
    lastName: 'Lovelace',
    emailAddress: email,
    countryCode: ['GB', 'FR', 'DE'][n % 3] ?? 'GB',
  },
  platforms: platformsOf(n),
  fields: [],
  language: n % 4 === 0 ? 'fr' : 'en',
});

// Each combination narrows to some of the applications in more than one stage.
const filterings: InboxFilters[] = [
  { country: 'GB' },
  { platform: 'instagram' },
  { country: 'GB', platform: 'instagram' },
  { platform: 'tiktok', minReach: 10_000 },
  { call: 'south' },
  { call: 'north', country: 'FR' },
  { language: 'fr' },
  { verified: true, country: 'DE' },
  { eligible: 'no' },
  { eligible: 'yes', platform: 'youtube' },
  { country: 'GB', duplicates: true },
  { platform: 'instagram', duplicates: true, minReach: 0 },
  // Beside a filter the index does not hold, the rows are read.
  { country: 'GB', receivedFrom: '2026-03-01T00:00:10.000Z' },
  { platform: 'instagram', hasNote: false, search: '' },
];

/** Each stage's applications listed under the filters, counted: what the counts must say. */
async function listedCounts(database: Database, filters: InboxFilters) {
  const counts = Object.fromEntries(stages.map((stage) => [stage, 0]));
  for (const stage of stages)
    counts[stage] = (
      await listInboxPage(database, { limit: 200, filters, stage })
    ).length;
  return counts as Record<Stage, number>;
}

describe.each(engines)('counts per stage under filters, on %s', (engine) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let database: Database;

  beforeAll(async () => {
    scratch = await scratchDatabase(engine);
    database = await scratch.open();
    let clock = Date.parse('2026-03-01T00:00:00.000Z');
    const repository = createApplicationsRepository(
      database,
      () => new Date((clock += 1000)),
    );
    const ids: string[] = [];
    for (let n = 0; n < 48; n += 1) {
      // Every eighth is a second application of the person before it to the same call.
      const isSecond = n % 8 === 7;
      const outcome = await repository.store({
        pageId: n % 2 === 0 ? 'north' : 'south',
        idempotencyKey: randomUUID(),
        configVersion: 'c'.repeat(64),
        payload: applicationOf(
          n,
          isSecond ? `a${n - 2}@example.com` : undefined,
        ),
      });
      if (outcome.kind !== 'created') throw new Error('not stored');
      ids.push(outcome.id);
    }
    const moved = (every: number, from: number) =>
      ids.filter((_, n) => n % every === from);
    await database.db
      .updateTable('applications')
      .set({ stage: 'shortlisted' })
      .where('id', 'in', moved(5, 1))
      .execute();
    await database.db
      .updateTable('applications')
      .set({ stage: 'declined' })
      .where('id', 'in', moved(5, 3))
      .execute();
    await database.db
      .updateTable('applications')
      .set({ eligible: 0 })
      .where('id', 'in', moved(4, 2))
      .execute();
    await database.db
      .updateTable('applications')
      .set({ verified_reach: sql`reach / 2` })
      .where('id', 'in', moved(2, 0))
      .execute();
  }, 60_000);

  afterAll(async () => {
    await database.close();
    await scratch.drop();
  });

  test('a page read with its counts holds what the page read alone holds, in its order, a view that holds none included', async () => {
    const none: InboxFilters = {
      platform: 'youtube',
      country: 'GB',
      minReach: 10_000_000,
    };
    for (const filters of [...filterings, none])
      for (const stage of [undefined, ...stages])
        for (const sort of [undefined, 'reach', 'votes'] as const) {
          const view = { limit: 5, filters, stage, sort };
          const { rows, counts } = await listCountedPage(database, view);
          expect(rows.map((row) => row.id)).toEqual(
            (await listInboxPage(database, view)).map((row) => row.id),
          );
          expect(counts).toEqual(await countByStage(database, filters));
        }
  });

  test('second applications are among those stored', async () => {
    const all = await countByStage(database, { duplicates: true });
    const firsts = await countByStage(database);
    const sum = (counts: Record<Stage, number>) =>
      Object.values(counts).reduce((total, count) => total + count, 0);
    expect(sum(all)).toBe(48);
    expect(sum(firsts)).toBe(42);
  });

  test.each(filterings)(
    'counts each stage as the list of that stage holds, under %j',
    async (filters) => {
      const counts = await countByStage(database, filters);
      expect(counts).toEqual(await listedCounts(database, filters));
      expect(
        Object.values(counts).filter((count) => count > 0).length,
      ).toBeGreaterThan(1);
    },
  );

  test('a stage moved and an application erased change the counts under a filter', async () => {
    const filters: InboxFilters = { country: 'GB', platform: 'instagram' };
    const before = await countByStage(database, filters);
    const [first] = await listInboxPage(database, {
      limit: 1,
      filters,
      stage: 'new',
    });
    await database.db
      .updateTable('applications')
      .set({ stage: 'accepted' })
      .where('id', '=', first?.id ?? '')
      .execute();
    expect(await countByStage(database, filters)).toEqual({
      ...before,
      new: before.new - 1,
      accepted: before.accepted + 1,
    });
    await createApplicationsRepository(database).erase(first?.id ?? '');
    expect(await countByStage(database, filters)).toEqual({
      ...before,
      new: before.new - 1,
    });
  });
});

/** A database over the SQLite connection that keeps every statement it runs, to read their plans. */
function loggedDatabase(connection: SQLite.Database) {
  const statements: CompiledQuery[] = [];
  const database = {
    db: new Kysely<DatabaseSchema>({
      dialect: new SqliteDialect({ database: connection }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query);
      },
    }),
    engine: 'sqlite',
  } as Database;
  return { database, statements };
}

test('on SQLite, counts under the filters the index holds read only the index', async () => {
  const scratch = await scratchDatabase('sqlite');
  await (await scratch.open()).close();
  const connection = new SQLite(scratch.sqlitePath);
  const { database, statements } = loggedDatabase(connection);
  const planOf = (filters: InboxFilters) => {
    statements.length = 0;
    return countByStage(database, filters).then(() =>
      statements
        .flatMap(({ sql: text, parameters }) =>
          connection
            .prepare(`explain query plan ${text}`)
            .all(...parameters)
            .map((row) => (row as { detail: string }).detail),
        )
        .join('\n'),
    );
  };
  try {
    for (const filters of filterings.slice(0, 12))
      expect(await planOf(filters)).toMatch(
        /^SCAN applications USING COVERING INDEX applications_filters\b/,
      );
    // Without a filter, or beside one it does not hold, another index serves better.
    for (const filters of [{}, filterings[12] ?? {}])
      expect(await planOf(filters)).not.toMatch(/applications_filters/);
  } finally {
    await database.db.destroy();
  }
});

test('on SQLite, a view under the filters the index holds is read through that index when it holds a few, and not read when it holds none', async () => {
  const scratch = await scratchDatabase('sqlite');
  const stored = await scratch.open();
  await createApplicationsRepository(stored).store({
    pageId: 'north',
    idempotencyKey: randomUUID(),
    configVersion: 'c'.repeat(64),
    payload: applicationOf(0),
  });
  await stored.close();
  const connection = new SQLite(scratch.sqlitePath);
  const { database, statements } = loggedDatabase(connection);
  const plansOf = async (filters: InboxFilters) => {
    statements.length = 0;
    await listCountedPage(database, { limit: 51, filters, sort: 'reach' });
    return statements.map(({ sql: text, parameters }) =>
      connection
        .prepare(`explain query plan ${text}`)
        .all(...parameters)
        .map((row) => (row as { detail: string }).detail)
        .join('\n'),
    );
  };
  try {
    // The counts, the page, the page's tags.
    const [, page] = await plansOf({ country: 'GB' });
    expect(page).toMatch(
      /^SCAN applications USING INDEX applications_filters\b/,
    );
    expect(await plansOf({ country: 'FR' })).toHaveLength(1);
  } finally {
    await database.db.destroy();
    await scratch.drop();
  }
});

describe.each(engines)(
  'applications stored before the filters’ indexes, on %s',
  (engine) => {
    test('are counted under a country and a platform after the migration', async () => {
      const scratch = await scratchDatabase(engine);
      const older = await databaseMigratedTo(
        scratch,
        engine,
        '041-search-keys',
      );
      try {
        for (const [n, country, platform, stage] of [
          [1, 'GB', 'instagram', 'new'],
          [2, 'GB', 'youtube', 'new'],
          [3, 'GB', 'instagram', 'shortlisted'],
          [4, 'FR', 'instagram', 'new'],
        ] as const)
          await sql`
          insert into applications
            (id, page_id, idempotency_key, payload_hash, received_at, payload, full_name, email,
             country_code, config_version, call_slug, stage, platforms, reach)
          values (${`00000000-0000-4000-8000-00000000000${n}`}, 'older', ${randomUUID()}, 'hash',
            ${`2026-02-03T09:00:0${n}.000Z`}, ${JSON.stringify(applicationOf(n))},
            'Ada Lovelace', ${`a${n}@example.com`}, ${country}, null, 'older', ${stage},
            ${JSON.stringify([{ platform, handle: `a${n}`, followers: 100 }])}, 100)`.execute(
            older,
          );
      } finally {
        await older.destroy();
      }
      const database = await scratch.open();
      try {
        expect(
          await countByStage(database, {
            country: 'GB',
            platform: 'instagram',
          }),
        ).toMatchObject({ new: 1, shortlisted: 1 });
        expect(
          await countByStage(database, { call: 'older', minReach: 100 }),
        ).toMatchObject({ new: 3, shortlisted: 1 });
      } finally {
        await database.close();
        await scratch.drop();
      }
    });
  },
);

test('on SQLite, a list sorted by reach or votes walks that order’s index, in a stage tab or not, with the statistics of 100,000 applications in one stage', async () => {
  const scratch = await scratchDatabase('sqlite');
  await (await scratch.open()).close();
  const connection = new SQLite(scratch.sqlitePath);
  // As SQLite gathered them over the inbox bench's applications: every one New, a first one.
  connection.exec('analyze');
  connection.exec('delete from sqlite_stat1');
  const insert = connection.prepare(
    "insert into sqlite_stat1 (tbl, idx, stat) values ('applications', ?, ?)",
  );
  for (const [index, stat] of [
    ['applications_duplicate_of', '100000 100000'],
    ['applications_first_stages', '100000 100000'],
    ['applications_firsts_newest', '100000 100000 250 1'],
    ['applications_net_votes', '100000 100000 250 1'],
    ['applications_reach', '100000 1 1 1'],
    ['applications_received_at', '100000 250 1'],
    ['applications_stage_reach', '100000 100000 1 1 1'],
    ['applications_stage_received_at', '100000 100000 250 1'],
    ['applications_stage_votes', '100000 100000 100000 250 1'],
  ])
    insert.run(index, stat);
  connection.exec('analyze sqlite_schema');
  const { database, statements } = loggedDatabase(connection);
  try {
    for (const [sort, stage, index] of [
      ['reach', 'new', 'USING INDEX applications_stage_reach'],
      ['votes', 'new', 'USING INDEX applications_stage_votes'],
      ['reach', undefined, 'USING INDEX applications_reach'],
      ['votes', undefined, 'USING INDEX applications_net_votes'],
    ] as const)
      for (const filters of [{}, { country: 'GB' }]) {
        statements.length = 0;
        await listInboxPage(database, { limit: 51, stage, sort, filters });
        const [listed] = statements;
        const plan = connection
          .prepare(`explain query plan ${listed?.sql ?? ''}`)
          .all(...(listed?.parameters ?? []))
          .map((row) => (row as { detail: string }).detail)
          .join('\n');
        expect(plan).toContain(index);
        expect(plan).not.toContain('TEMP B-TREE');
      }
  } finally {
    await database.db.destroy();
  }
});
