import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import { validApplication } from '../../../tests/support/fixtures.ts';
import { databaseMigratedTo } from '../../../tests/support/older-database.ts';
import {
  createApplicationsRepository,
  type ApplicationsRepository,
} from './applications-repository.ts';
import type { InboxCursor } from './inbox-queries.ts';
import type { Database } from './database.ts';
import { searchTextOf } from './search-text.ts';

const configVersion = 'c'.repeat(64);

const application = (
  firstName: string,
  answer: string,
): ApplicationPayload => ({
  personalInfo: {
    firstName,
    lastName: 'Lovelace',
    emailAddress: `${firstName.toLowerCase()}@example.com`,
    countryCode: 'GB',
  },
  platforms: { instagram: { handle: `${firstName}.travels`, followers: '90' } },
  fields: [{ key: 'single.tripDetails', value: answer }],
  hidden: { ref: 'hotel-alpenhof' },
});

test('the searchable text is every word the applicant wrote, not the hidden values', () => {
  const text = searchTextOf(
    application('Zoë', 'Kayaking the fjords; “wild” swimming!'),
  );
  expect(text).toBe(
    'Zoë Lovelace zoë example com GB Zoë travels 90 Kayaking the fjords wild swimming',
  );
  expect(text).not.toContain('alpenhof');
});

describe.each(engines)('searching inside the answers on %s', (engine) => {
  let database: Database;
  let repository: ApplicationsRepository;
  let drop: () => Promise<void>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const scratch = await scratchDatabase(engine);
    drop = scratch.drop;
    database = await scratch.open();
    repository = createApplicationsRepository(database);
    for (const [name, answer] of [
      ['Grace', 'Sea kayaking along the Ærø coast with a drone'],
      ['Hedy', 'Mountain biking and alpine huts'],
      ['Mary', 'Kayaking again, and cheese'],
    ] as const) {
      const stored = await repository.store({
        pageId: 'search',
        configVersion,
        idempotencyKey: randomUUID(),
        payload: application(name, answer),
      });
      if (stored.kind === 'created') ids[name] = stored.id;
    }
  });

  afterAll(async () => {
    await database.close();
    await drop();
  });

  const namesFound = async (search: string, country?: string) =>
    (
      await repository.list({
        limit: 10,
        filters: { search, ...(country ? { country } : {}) },
      })
    )
      .map((row) => row.name)
      .sort();

  test('a word of an answer finds its application and no other', async () => {
    expect(await namesFound('drone')).toEqual(['Grace Lovelace']);
    expect(await namesFound('ALPINE')).toEqual(['Hedy Lovelace']);
  });

  test('each word is a prefix, as one types, and every word must be found', async () => {
    expect(await namesFound('kaya')).toEqual([
      'Grace Lovelace',
      'Mary Lovelace',
    ]);
    expect(await namesFound('kaya chee')).toEqual(['Mary Lovelace']);
    expect(await namesFound('kaya hut')).toEqual([]);
    expect(await namesFound('hedy@example.c')).toEqual(['Hedy Lovelace']);
    expect(await namesFound('example.com')).toHaveLength(3);
    expect(await namesFound('travels@')).toEqual([]);
    expect(await namesFound('alpine-hu')).toEqual(['Hedy Lovelace']);
    expect(await namesFound('huts-alpine')).toEqual([]);
  });

  test('the search goes with the other filters', async () => {
    expect(await namesFound('kaya', 'GB')).toHaveLength(2);
    expect(await namesFound('kaya', 'FR')).toEqual([]);
  });

  test('ranks the best match first, and pages through the ranking without losing or repeating one', async () => {
    const stored: string[] = [];
    for (const [name, answer] of [
      ['Ines', 'Quadcopter footage of a lighthouse'],
      [
        'Joan',
        'Quadcopter, quadcopter: lighthouse quadcopter flights over the lighthouse',
      ],
      ['Kim', 'A lighthouse keeper'],
      ['Lou', 'Quadcopter lighthouse'],
    ] as const) {
      const outcome = await repository.store({
        pageId: 'ranked',
        configVersion,
        idempotencyKey: randomUUID(),
        payload: application(name, answer),
      });
      if (outcome.kind === 'created') stored.push(outcome.id);
    }
    const ranked = await repository.list({
      limit: 10,
      filters: { search: 'lighth quadc' },
    });
    expect(ranked[0]?.name).toBe('Joan Lovelace');
    expect(ranked.map((row) => row.name).sort()).toEqual([
      'Ines Lovelace',
      'Joan Lovelace',
      'Lou Lovelace',
    ]);
    const scores = ranked.map((row) => row.score ?? Number.NaN);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const paged: string[] = [];
    let after: InboxCursor | undefined;
    for (;;) {
      const page = await repository.list({
        limit: 1,
        after,
        filters: { search: 'lighth' },
      });
      const last = page.at(-1);
      if (!last) break;
      paged.push(last.id);
      after = { receivedAt: last.receivedAt, id: last.id, score: last.score };
    }
    const all = await repository.list({
      limit: 10,
      filters: { search: 'lighth' },
    });
    expect(paged).toEqual(all.map((row) => row.id));
    expect(new Set(paged)).toEqual(new Set(stored));
    const newest = await repository.list({
      limit: 10,
      sort: 'newest',
      filters: { search: 'lighth' },
    });
    expect(newest.map((row) => row.id)).toEqual([...stored].reverse());
    expect(newest[0]?.score).toBeUndefined();
    expect(
      await repository.list({
        limit: 10,
        stage: 'accepted',
        filters: { search: 'lighth' },
      }),
    ).toEqual([]);
  });

  test('no quote or operator of either query language breaks the search', async () => {
    for (const hostile of [
      '"',
      '*',
      ':',
      '&',
      '(',
      "'",
      '\\',
      'kaya" OR "hut',
      "drone':* | 'hut",
      'NEAR(kaya hut)',
      '!kaya',
    ])
      expect(Array.isArray(await namesFound(hostile))).toBe(true);
    expect(await namesFound('"drone"')).toEqual(['Grace Lovelace']);
    expect(await namesFound('kaya" OR "hut')).toEqual([]);
  });

  test('an erased application is no longer found, and its words leave the index', async () => {
    expect(await repository.erase(ids.Mary ?? '')).not.toBe('not_found');
    expect(await namesFound('cheese')).toEqual([]);
    expect(await namesFound('kaya')).toEqual(['Grace Lovelace']);
    if (engine === 'sqlite') {
      const left = await sql<{ count: number }>`select count(*) as count
        from application_search where application_id = ${ids.Mary ?? ''}`.execute(
        database.db,
      );
      expect(left.rows[0]?.count).toBe(0);
      const indexed = await sql<{ count: number }>`select count(*) as count
        from application_search_index where application_search_index match 'cheese'`.execute(
        database.db,
      );
      expect(indexed.rows[0]?.count).toBe(0);
    }
    await repository.eraseMany([ids.Hedy ?? '']);
    expect(await namesFound('alpine')).toEqual([]);
  });
});

describe.each(engines)('a database from before the search, on %s', (engine) => {
  test('indexes the applications it holds, so their answers are found', async () => {
    const scratch = await scratchDatabase(engine);
    const older = await databaseMigratedTo(scratch, engine, '032-attribution');
    try {
      await sql`
        insert into applications
          (id, page_id, idempotency_key, payload_hash, received_at, payload, full_name, email,
           country_code, config_version, call_slug)
        values ('00000000-0000-4000-8000-000000000001', 'older',
          '00000000-0000-4000-8000-000000000002', 'hash', '2026-02-03T09:00:00.000Z',
          ${JSON.stringify(validApplication())}, 'Ada Lovelace', 'ada@example.org', 'GB', null,
          'older')`.execute(older);
    } finally {
      await older.destroy();
    }
    const database = await scratch.open();
    try {
      const repository = createApplicationsRepository(database);
      const found = await repository.list({
        limit: 10,
        filters: { search: 'somervil photograph' },
      });
      expect(found.map((row) => row.name)).toEqual(['Ada Lovelace']);
      expect(
        await repository.list({ limit: 10, filters: { search: 'lighthouse' } }),
      ).toEqual([]);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
