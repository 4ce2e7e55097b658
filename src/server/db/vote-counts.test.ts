import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import { validApplication } from '../../../tests/support/fixtures.ts';
import { createReviewRepository } from '../review/review-repository.ts';
import {
  createApplicationsRepository,
  type ApplicationsRepository,
} from './applications-repository.ts';
import type { Database } from './database.ts';
import { countStoredVotes } from './vote-count-migration.ts';

describe.each(engines)('net votes on %s', (engine) => {
  let database: Database;
  let applications: ApplicationsRepository;
  let drop: () => Promise<void>;
  const ids: Record<string, string> = {};
  const staff = ['ana', 'ben', 'cy'];

  beforeAll(async () => {
    const scratch = await scratchDatabase(engine);
    drop = scratch.drop;
    database = await scratch.open();
    applications = createApplicationsRepository(database);
    for (const name of ['ada', 'grace', 'hedy']) {
      const outcome = await applications.store({
        pageId: 'aldmere-creators',
        callSlug: 'aldmere-creators',
        configVersion: 'c'.repeat(64),
        idempotencyKey: randomUUID(),
        payload: validApplication({ emailAddress: `${name}@example.com` }),
      });
      if (outcome.kind === 'conflict') throw new Error('unexpected conflict');
      ids[name] = outcome.id;
    }
    await database.db
      .insertInto('staff_accounts')
      .values(
        staff.map((id) => ({
          id,
          email: `${id}@example.org`,
          role: 'reviewer' as const,
          password_hash: 'not used',
          created_at: new Date().toISOString(),
          last_sign_in_at: null,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const netVotesOf = async (name: string) =>
    (
      await database.db
        .selectFrom('applications')
        .select('net_votes')
        .where('id', '=', ids[name] ?? '')
        .executeTakeFirstOrThrow()
    ).net_votes;
  const byVotes = async () =>
    (await applications.list({ limit: 10, sort: 'votes' })).map((item) =>
      Object.keys(ids).find((name) => ids[name] === item.id),
    );

  test('follow every vote cast, changed and withdrawn, and those of a staff account removed', async () => {
    const review = createReviewRepository(database);
    const vote = (name: string, by: string, value: 1 | 0 | -1) =>
      review.vote(ids[name] ?? '', by, value);
    await vote('grace', 'ana', 1);
    await vote('grace', 'ben', 1);
    await vote('hedy', 'ana', 1);
    await vote('ada', 'cy', -1);
    expect(await netVotesOf('grace')).toBe(2);
    expect(await byVotes()).toEqual(['grace', 'hedy', 'ada']);

    await vote('grace', 'ben', -1);
    await vote('hedy', 'ben', 1);
    expect(await netVotesOf('grace')).toBe(0);
    expect(await byVotes()).toEqual(['hedy', 'grace', 'ada']);

    await vote('hedy', 'ana', 0);
    expect(await netVotesOf('hedy')).toBe(1);

    await database.db
      .deleteFrom('staff_accounts')
      .where('id', '=', 'cy')
      .execute();
    await database.db
      .deleteFrom('staff_accounts')
      .where('id', '=', 'ben')
      .execute();
    expect(await netVotesOf('ada')).toBe(0);
    expect(await netVotesOf('grace')).toBe(1);
    expect(await netVotesOf('hedy')).toBe(0);
    expect(await byVotes()).toEqual(['grace', 'hedy', 'ada']);
  });

  test('the migration counts the votes cast before it', async () => {
    const counted = await database.db
      .selectFrom('applications')
      .select(['id', 'net_votes'])
      .orderBy('id')
      .execute();
    await database.db
      .updateTable('applications')
      .set({ net_votes: 0 })
      .execute();
    await countStoredVotes(database.db);
    expect(
      await database.db
        .selectFrom('applications')
        .select(['id', 'net_votes'])
        .orderBy('id')
        .execute(),
    ).toEqual(counted);
    expect(counted.some((row) => row.net_votes !== 0)).toBe(true);
  });
});
