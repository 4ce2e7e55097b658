import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import { createApplicationsRepository } from './applications-repository.ts';
import type { Database } from './database.ts';

const configVersion = 'c'.repeat(64);

const application = (firstName: string): ApplicationPayload => ({
  personalInfo: {
    firstName,
    lastName: 'Lovelace',
    emailAddress: `${firstName.toLowerCase()}@example.com`,
  },
  platforms: {},
  fields: [],
});

describe.each(engines)('group commit on %s', (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  // Each transaction takes the time once, for all the applications it holds: distinct times count
  // the transactions.
  let clock = Date.parse('2026-11-24T10:00:00.000Z');
  const repository = () =>
    createApplicationsRepository(database, () => new Date((clock += 1000)));

  beforeAll(async () => {
    const scratch = await scratchDatabase(engine);
    drop = scratch.drop;
    database = await scratch.open();
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const store = (
    target: ReturnType<typeof repository>,
    firstName: string,
    idempotencyKey = randomUUID(),
  ) =>
    target.store({
      pageId: 'page',
      configVersion,
      idempotencyKey,
      payload: application(firstName),
    });

  const rowsWithKey = async (key: string) =>
    (
      await database.db
        .selectFrom('applications')
        .select('id')
        .where('idempotency_key', '=', key)
        .execute()
    ).length;

  test('writes applications that arrive together in fewer transactions than applications, each stored', async () => {
    const target = repository();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, index) => store(target, `Ada${index}`)),
    );
    const times = new Set(
      outcomes.map((outcome) =>
        outcome.kind === 'conflict' ? '' : outcome.receivedAt,
      ),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'created')).toBe(true);
    expect(times.size).toBeLessThanOrEqual(2);
    for (const outcome of outcomes)
      if (outcome.kind !== 'conflict')
        expect((await target.get(outcome.id))?.receivedAt).toBe(
          outcome.receivedAt,
        );
  });

  test('answers a key repeated inside one batch as a replay, or a conflict when the application differs', async () => {
    const target = repository();
    const key = randomUUID();
    const [first, same, other, again] = await Promise.all([
      store(target, 'Grace', key),
      store(target, 'Grace', key),
      store(target, 'Eve', key),
      store(target, 'Grace', key),
    ]);
    expect(first?.kind).toBe('created');
    expect(same).toEqual({ ...first, kind: 'replayed' });
    expect(other).toEqual({ kind: 'conflict' });
    expect(again).toEqual({ ...first, kind: 'replayed' });
    expect(await rowsWithKey(key)).toBe(1);
  });

  test('answers a key stored by an earlier batch as that row, however often a later batch repeats it, beside new keys', async () => {
    const target = repository();
    const key = randomUUID();
    const stored = await store(target, 'Grace', key);
    const [same, fresh, other, again] = await Promise.all([
      store(target, 'Grace', key),
      store(target, 'Ada'),
      store(target, 'Eve', key),
      store(target, 'Grace', key),
    ]);
    expect(stored.kind).toBe('created');
    expect(same).toEqual({ ...stored, kind: 'replayed' });
    expect(fresh?.kind).toBe('created');
    expect(other).toEqual({ kind: 'conflict' });
    expect(again).toEqual({ ...stored, kind: 'replayed' });
    expect(await rowsWithKey(key)).toBe(1);
  });

  test('a batch the database refuses fails every application in it and stores none', async () => {
    const target = repository();
    const before = await target.count();
    await sql`ALTER TABLE applications RENAME TO applications_away`.execute(
      database.db,
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => store(target, `Hedy${index}`)),
    );
    await sql`ALTER TABLE applications_away RENAME TO applications`.execute(
      database.db,
    );
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(
      true,
    );
    expect(await target.count()).toBe(before);
  });

  test.skipIf(engine !== 'postgres')(
    'one application the database refuses does not fail the others in its batch',
    async () => {
      const target = repository();
      // PostgreSQL's jsonb cannot hold a NUL character; SQLite's text can.
      const outcomes = await Promise.allSettled([
        store(target, 'Radia'),
        store(target, 'Nul\u0000'),
        store(target, 'Barbara'),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
    },
  );
});
