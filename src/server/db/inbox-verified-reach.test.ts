import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import { decodeCursor, inboxPage } from '../review/cursor.ts';
import { createReachQueue, type Settled } from '../reach/reach-queue.ts';
import {
  createApplicationsRepository,
  type ApplicationsRepository,
} from './applications-repository.ts';
import type { Database } from './database.ts';

type Platforms = ApplicationPayload['platforms'];

const applicationWith = (
  name: string,
  platforms: Platforms,
): ApplicationPayload => ({
  personalInfo: {
    firstName: name,
    lastName: 'Lovelace',
    emailAddress: `${name.toLowerCase()}@example.com`,
    countryCode: 'GB',
  },
  platforms,
  fields: [],
});

describe.each(engines)('the inbox by verified reach on %s', (engine) => {
  let database: Database;
  let repository: ApplicationsRepository;
  let drop: () => Promise<void>;
  const idOf = new Map<string, string>();
  const nameOf = (id: string) => [...idOf].find(([, each]) => each === id)?.[0];

  beforeAll(async () => {
    const scratch = await scratchDatabase(engine);
    drop = scratch.drop;
    database = await scratch.open();
    let clock = Date.parse('2026-11-22T10:00:00.000Z');
    const now = () => new Date((clock += 1000));
    const queue = createReachQueue(database, {
      configured: new Set(['instagram', 'youtube']),
      now,
    });
    repository = createApplicationsRepository(database, now, {
      inTransaction: (transaction, created) =>
        queue.enqueue(transaction, created),
    });
    // Received in this order; what each platform says of each handle.
    const applicants: Array<[string, Platforms, Record<string, Settled>]> = [
      [
        'Ada',
        { instagram: { handle: 'ada', followers: '12000' } },
        {
          instagram: {
            status: 'verified',
            followers: 10_000,
            engagementRate: 0.02,
          },
        },
      ],
      [
        'Bea',
        {
          instagram: { handle: 'bea', followers: '50000' },
          tiktok: { handle: 'bea', followers: '30000' },
        },
        {
          instagram: {
            status: 'verified',
            followers: 20_000,
            engagementRate: 0.01,
          },
        },
      ],
      [
        'Cid',
        { youtube: { handle: 'cid', followers: '5000' } },
        { youtube: { status: 'not_found' } },
      ],
      [
        'Dot',
        { instagram: { handle: 'dot', followers: '3000' } },
        {
          instagram: {
            status: 'verified',
            followers: 3000,
            engagementRate: null,
          },
        },
      ],
      ['Eve', { tiktok: { handle: 'eve', followers: '90000' } }, {}],
    ];
    for (const [name, platforms] of applicants) {
      const outcome = await repository.store({
        pageId: 'aldmere-creators',
        idempotencyKey: randomUUID(),
        configVersion: 'c'.repeat(64),
        payload: applicationWith(name, platforms),
      });
      if (outcome.kind !== 'created') throw new Error(outcome.kind);
      idOf.set(name, outcome.id);
    }
    const claimed = await queue.claim(['instagram', 'youtube'], 10, 60_000);
    await queue.settle(
      claimed.map((check) => {
        const said = applicants.find(
          ([name]) => idOf.get(name) === check.applicationId,
        )?.[2][check.platform];
        if (!said) throw new Error(`nothing said of ${check.id}`);
        return { check, settled: said };
      }),
    );
  });

  afterAll(async () => {
    await database.close();
    await drop();
  });

  test('sorts by the platforms’ own counts, highest first, those without one last and newest first, page after page', async () => {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const after = cursor === null ? undefined : decodeCursor(cursor);
      if (after === null) throw new Error('a cursor the server refuses');
      const page = await inboxPage(repository, {
        limit: 2,
        after,
        filters: {},
        sort: 'verified',
      });
      pages.push(page.items.map((item) => nameOf(item.id) ?? item.id));
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 5);
    expect(pages).toEqual([['Bea', 'Ada'], ['Dot', 'Eve'], ['Cid']]);
  });

  test('a row holds the verified sum and what was typed for the same platforms', async () => {
    const items = await repository.list({ limit: 10, sort: 'verified' });
    const reachOf = (name: string) =>
      items.find((item) => item.id === idOf.get(name))?.verifiedReach;
    // Bea's TikTok cannot be looked up, so its 30,000 are no part of the comparison.
    expect(reachOf('Bea')).toEqual({ verified: 20_000, stated: 50_000 });
    expect(reachOf('Ada')).toEqual({ verified: 10_000, stated: 12_000 });
    expect(reachOf('Cid')).toBeNull();
    expect(reachOf('Eve')).toBeNull();
  });

  test('`verified` keeps only applications with a count a platform gave, in every stage count', async () => {
    const items = await repository.list({
      limit: 10,
      filters: { verified: true },
    });
    expect(items.map((item) => nameOf(item.id))).toEqual(['Dot', 'Bea', 'Ada']);
    expect((await repository.countByStage({ verified: true })).new).toBe(3);
    expect(
      await repository.idsOf({ filters: { verified: true } }, 10),
    ).toHaveLength(3);
  });
});
