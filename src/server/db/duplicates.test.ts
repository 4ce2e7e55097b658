import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import type { NewApplication } from './application-store.ts';
import {
  createApplicationsRepository,
  type ApplicationsRepository,
} from './applications-repository.ts';
import type { Database } from './database.ts';
import { firstsLookUp } from './duplicates.ts';

const configVersion = 'c'.repeat(64);

const application = (email: string, firstName = 'Ada'): ApplicationPayload => ({
  personalInfo: { firstName, lastName: 'Lovelace', emailAddress: email },
  platforms: {},
  fields: [],
});

describe.each(engines)(
  'one application per person per call on %s',
  (engine) => {
    let database: Database;
    let repository: ApplicationsRepository;
    let drop: () => Promise<void>;
    let clock = Date.parse('2026-11-27T10:00:00.000Z');
    const told: NewApplication[] = [];

    beforeAll(async () => {
      const scratch = await scratchDatabase(engine);
      drop = scratch.drop;
      database = await scratch.open();
      repository = createApplicationsRepository(
        database,
        () => new Date((clock += 1000)),
        { afterCommit: (created) => told.push(...created) },
      );
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    const store = async (
      email: string,
      call = 'summer',
      idempotencyKey: string = randomUUID(),
      firstName = 'Ada',
    ) => {
      const outcome = await repository.store({
        pageId: call,
        callSlug: call,
        configVersion,
        idempotencyKey,
        payload: application(email, firstName),
      });
      if (outcome.kind === 'conflict') throw new Error('unexpected conflict');
      return outcome.id;
    };
    const duplicateOf = async (id: string) =>
      (
        await database.db
          .selectFrom('applications')
          .select('duplicate_of')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).duplicate_of;

    test('a second application of the same e-mail to the same call, in another case and with a +tag, names the first', async () => {
      const first = await store('grace.hopper@example.org');
      const second = await store('Grace.Hopper+again@EXAMPLE.org');
      const third = await store('grace.hopper@example.org');
      expect(await duplicateOf(first)).toBeNull();
      expect(await duplicateOf(second)).toBe(first);
      // The third names the first, not the second: the team sees one person with two repeats.
      expect(await duplicateOf(third)).toBe(first);
      expect(told.find((created) => created.id === second)?.duplicateOf).toBe(
        first,
      );
      expect(told.find((created) => created.id === first)?.duplicateOf).toBe(
        null,
      );
    });

    test('dots in a Gmail address are the same person; elsewhere they are another', async () => {
      const first = await store('radia.perlman@gmail.com');
      expect(
        await duplicateOf(await store('radiaperlman@googlemail.com')),
      ).toBe(first);
      expect(
        await duplicateOf(await store('radiaperlman@example.org')),
      ).toBeNull();
      expect(
        await duplicateOf(await store('radia.perlman@example.org')),
      ).toBeNull();
    });

    test('the same person applying to another call is not a duplicate', async () => {
      await store('hedy@example.org', 'summer');
      expect(
        await duplicateOf(await store('hedy@example.org', 'winter')),
      ).toBeNull();
    });

    test('an application without an e-mail is never a duplicate', async () => {
      await store('');
      expect(await duplicateOf(await store(''))).toBeNull();
    });

    test('two applications of one person in one batch: the earlier is the first, the later its duplicate', async () => {
      const [first, second, other] = await Promise.all([
        store('barbara@example.org'),
        store('BARBARA+tag@example.org'),
        store('karen@example.org'),
      ]);
      const stored = await database.db
        .selectFrom('applications')
        .select('received_at')
        .where('id', 'in', [first, second])
        .execute();
      // One transaction held both: they share a time, so only the batch's order tells them apart.
      expect(new Set(stored.map((row) => row.received_at)).size).toBe(1);
      expect(await duplicateOf(first)).toBeNull();
      expect(await duplicateOf(second)).toBe(first);
      expect(await duplicateOf(other)).toBeNull();
    });

    test('an idempotent replay stays a replay: no second row, and the first is still first', async () => {
      const key = randomUUID();
      const first = await store('frances@example.org', 'summer', key);
      const replay = await repository.store({
        pageId: 'summer',
        callSlug: 'summer',
        configVersion,
        idempotencyKey: key,
        payload: application('frances@example.org'),
      });
      expect(replay).toMatchObject({ kind: 'replayed', id: first });
      expect(await duplicateOf(first)).toBeNull();
      const count = await database.db
        .selectFrom('applications')
        .select((select) => select.fn.countAll<number>().as('count'))
        .where('email_key', '=', 'frances@example.org')
        .executeTakeFirstOrThrow();
      expect(Number(count.count)).toBe(1);
    });

    test('a batch whose first of a person is refused as a conflict makes the next of that person the first', async () => {
      const key = randomUUID();
      await store('someone@example.org', 'summer', key, 'Someone');
      const [refused, kept] = await Promise.allSettled([
        store('joan@example.org', 'summer', key, 'Joan'),
        store('joan@example.org', 'summer', randomUUID(), 'Joan'),
      ]);
      expect(refused.status).toBe('rejected');
      expect(kept.status).toBe('fulfilled');
      if (kept.status === 'fulfilled')
        expect(await duplicateOf(kept.value)).toBeNull();
    });
  },
);

test('on a new SQLite file, without statistics, a batch’s firsts are looked up person by person in an index, not in the whole call', async () => {
  const database = await (await scratchDatabase('sqlite')).open();
  const lookUp = firstsLookUp(database.db, [
    { id: 'a', email_key: 'ada@example.org', call_slug: 'summer' },
    { id: 'b', email_key: 'joan@example.org', call_slug: 'summer' },
  ]).compile();
  const { rows } = await database.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${lookUp.sql}`, [
      ...lookUp.parameters,
    ]),
  );
  await database.close();
  const searches = rows
    .map((row) => row.detail)
    .filter((detail) => /^(SEARCH|SCAN) /.test(detail));
  expect(searches).toEqual([
    'SEARCH applications USING INDEX applications_first_of_person (email_key=? AND call_slug=?)',
    'SEARCH applications USING INDEX applications_first_of_person (email_key=? AND call_slug=?)',
  ]);
});
