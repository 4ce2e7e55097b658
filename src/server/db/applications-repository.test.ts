import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import {
  createApplicationsRepository,
  type ApplicationsRepository,
} from './applications-repository.ts';
import type { Database } from './database.ts';

const configVersion = 'c'.repeat(64);

function application(
  firstName: string,
  email = `${firstName.toLowerCase()}@example.com`,
  countryCode = 'GB',
): ApplicationPayload {
  return {
    personalInfo: {
      firstName,
      lastName: 'Lovelace',
      emailAddress: email,
      countryCode,
      phone: { countryCode: '44', subscriber: '7700900123' },
    },
    platforms: { instagram: { handle: 'ada.travels', followers: '12000' } },
    fields: [{ key: 'single.whatContent', value: 'Food' }],
  };
}

describe.each(engines)('applications on %s', (engine) => {
  let database: Database;
  let repository: ApplicationsRepository;
  let drop: () => Promise<void>;
  let sqlitePath = '';
  let clock = Date.parse('2026-11-22T10:00:00.000Z');

  beforeAll(async () => {
    const scratch = await scratchDatabase(engine);
    drop = scratch.drop;
    sqlitePath = scratch.sqlitePath;
    database = await scratch.open();
    repository = createApplicationsRepository(
      database,
      () => new Date((clock += 1000)),
    );
  });

  afterAll(async () => {
    await database.close();
    await drop();
  });

  test('keeps acknowledged commits durable: WAL with a sync per commit, or fsync and synchronous commit', async () => {
    if (engine === 'sqlite') {
      const read = async (pragma: string) =>
        Object.values(
          (await sql.raw(`PRAGMA ${pragma}`).execute(database.db))
            .rows[0] as object,
        )[0];
      expect(await read('journal_mode')).toBe('wal');
      expect(await read('synchronous')).toBe(2);
      expect(await read('busy_timeout')).toBe(5000);
      expect(await read('foreign_keys')).toBe(1);
      expect(await read('secure_delete')).toBe(1);
    } else
      for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes'])
        expect(
          (await sql.raw(`SHOW ${setting}`).execute(database.db)).rows[0],
        ).toEqual({ [setting]: 'on' });
  });

  test('the inbox’s Source filter has its index, on a new database and after every migration', async () => {
    const found =
      engine === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and name = 'applications_source'`.execute(
            database.db,
          )
        : await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where indexname = 'applications_source'`.execute(
            database.db,
          );
    expect(found.rows).toEqual([{ name: 'applications_source' }]);
  });

  test('stores an application once and replays the same key with the same answer', async () => {
    const key = randomUUID();
    const first = await repository.store({
      pageId: 'page',
      configVersion,
      idempotencyKey: key,
      payload: application('Ada'),
    });
    expect(first.kind).toBe('created');
    const again = await repository.store({
      pageId: 'page',
      configVersion,
      idempotencyKey: key,
      payload: application('Ada'),
    });
    expect(again).toEqual({ ...first, kind: 'replayed' });
    if (first.kind === 'conflict') throw new Error('unexpected');
    expect(await repository.get(first.id)).toEqual({
      id: first.id,
      pageId: 'page',
      receivedAt: first.receivedAt,
      configVersion,
      payload: application('Ada'),
      source: null,
      hidden: {},
      clickId: null,
      // Its page's call (the page id is the call's slug), eligible, on time.
      callSlug: 'page',
      eligibility: [],
      late: false,
    });
  });

  test('refuses the same key with another application and keeps the first', async () => {
    const key = randomUUID();
    const first = await repository.store({
      pageId: 'page',
      configVersion,
      idempotencyKey: key,
      payload: application('Ada'),
    });
    expect(
      await repository.store({
        pageId: 'page',
        configVersion,
        idempotencyKey: key,
        payload: application('Eve'),
      }),
    ).toEqual({ kind: 'conflict' });
    if (first.kind === 'conflict') throw new Error('unexpected');
    expect(
      (await repository.get(first.id))?.payload.personalInfo.firstName,
    ).toBe('Ada');
  });

  test('scopes a key to its page', async () => {
    const key = randomUUID();
    const one = await repository.store({
      pageId: 'one',
      configVersion,
      idempotencyKey: key,
      payload: application('Ada'),
    });
    const two = await repository.store({
      pageId: 'two',
      configVersion,
      idempotencyKey: key,
      payload: application('Ada'),
    });
    expect([one.kind, two.kind]).toEqual(['created', 'created']);
  });

  test('stores 50 concurrent identical submissions once', async () => {
    const key = randomUUID();
    const before = await repository.count();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        repository.store({
          pageId: 'burst',
          configVersion,
          idempotencyKey: key,
          payload: application('Ada'),
        }),
      ),
    );
    expect(await repository.count()).toBe(before + 1);
    expect(
      outcomes.filter((outcome) => outcome.kind === 'created'),
    ).toHaveLength(1);
    expect(
      new Set(
        outcomes.map((outcome) =>
          outcome.kind === 'conflict' ? 'conflict' : outcome.id,
        ),
      ).size,
    ).toBe(1);
  });

  test('lists newest first with keyset pages and searches name, e-mail and country', async () => {
    for (const [name, email, country] of [
      ['Grace', 'grace@navy.example', 'US'],
      ['Hedy', 'hedy@films.example', 'AT'],
      ['Katherine', 'katherine@nasa.example', 'US'],
    ] as const)
      await repository.store({
        pageId: 'list',
        configVersion,
        idempotencyKey: randomUUID(),
        payload: application(name, email, country),
      });
    const all = await repository.list({ limit: 1000 });
    expect(all.map((row) => row.receivedAt)).toEqual(
      [...all.map((row) => row.receivedAt)].sort().reverse(),
    );
    const firstPage = await repository.list({ limit: 2 });
    const last = firstPage[1];
    const secondPage = await repository.list({
      limit: 2,
      after: last && { receivedAt: last.receivedAt, id: last.id },
    });
    expect([...firstPage, ...secondPage].map((row) => row.id)).toEqual(
      all.slice(0, 4).map((row) => row.id),
    );
    expect(
      (await repository.list({ limit: 10, filters: { search: 'HEDY' } })).map(
        (row) => row.name,
      ),
    ).toEqual(['Hedy Lovelace']);
    expect(
      (
        await repository.list({
          limit: 10,
          filters: { search: 'nasa.example' },
        })
      ).map((row) => row.email),
    ).toEqual(['katherine@nasa.example']);
    expect(
      (await repository.list({ limit: 10, filters: { search: 'at' } })).map(
        (row) => row.countryCode,
      ),
    ).toContain('AT');
    expect(
      await repository.list({ limit: 10, filters: { search: '%' } }),
    ).toEqual([]);
  });

  test('reads every application in batches, oldest first', async () => {
    const seen: string[] = [];
    for await (const stored of repository.iterate({}, 2))
      seen.push(stored.receivedAt);
    expect(seen.length).toBe(await repository.count());
    expect(seen).toEqual([...seen].sort());
  });

  test('erases an application so that its bytes leave the database files', async () => {
    const sentinel = `zz-erase-${randomUUID()}@example.com`;
    const stored = await repository.store({
      pageId: 'erase',
      configVersion,
      idempotencyKey: randomUUID(),
      payload: application('Erin', sentinel),
    });
    if (stored.kind === 'conflict') throw new Error('unexpected');
    expect(await repository.erase(stored.id)).toBe('erased');
    expect(await repository.get(stored.id)).toBeUndefined();
    expect(await repository.erase(stored.id)).toBe('not_found');
    if (engine === 'sqlite')
      for (const file of [sqlitePath, `${sqlitePath}-wal`])
        if (existsSync(file))
          expect(readFileSync(file).includes(sentinel)).toBe(false);
  });

  test('keeps each configuration version once and reads it back with its applications', async () => {
    const config = { pageId: 'versions', title: 'Ünïcode ✓' };
    await repository.rememberConfig(configVersion, config);
    await repository.rememberConfig(configVersion, { pageId: 'other' });
    expect(await repository.configFor(configVersion)).toEqual(config);
    expect(await repository.configFor('d'.repeat(64))).toBeUndefined();
    const stored = await repository.store({
      pageId: 'versions',
      configVersion,
      idempotencyKey: randomUUID(),
      payload: application('Vera'),
    });
    expect(stored.kind).toBe('created');
    if (stored.kind === 'conflict') return;
    expect((await repository.get(stored.id))?.configVersion).toBe(
      configVersion,
    );
  });
});

test.skipIf(!engines.includes('postgres'))(
  'keeps serving after PostgreSQL closes idle connections',
  async () => {
    const scratch = await scratchDatabase('postgres');
    const database = await scratch.open();
    const repository = createApplicationsRepository(database);
    // Several pooled connections, so that some sit idle when the server closes them.
    await Promise.all(Array.from({ length: 5 }, () => repository.count()));
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(
      database.db,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await repository.count()).toBe(0);
    await database.close();
    await scratch.drop();
  },
);
