import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  adminToken,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { createStaffAccounts } from '../staff/staff-accounts.ts';
import { createReviewRepository } from './review-repository.ts';

const password = 'a long enough secret';

describe.each(engines)('inbox sorting and filters on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const names = async (query: string) =>
    (
      (await (
        await fetch(`${server.baseUrl}/api/review/applications?${query}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        })
      ).json()) as { items: Array<{ name: string; reach: number }> }
    ).items.map((item) => `${item.name} ${item.reach}`);

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const creators = [
      ['Ines', 'GB', { instagram: { handle: 'ines.eats', followers: '5000' } }],
      ['Tom', 'FR', { tiktok: { handle: 'tom.trips', followers: '90000' } }],
      [
        'Uma',
        'GB',
        {
          instagram: { handle: 'uma.walks', followers: '20000' },
          tiktok: { handle: 'uma.runs', followers: '30000' },
        },
      ],
    ] as const;
    for (const [firstName, countryCode, platforms] of creators) {
      const application = validApplication({
        firstName,
        emailAddress: `${firstName.toLowerCase()}@example.com`,
      });
      const response = await putApplication(
        server.baseUrl,
        {
          ...application,
          personalInfo: { ...application.personalInfo, countryCode },
          platforms,
        },
        { key: randomUUID() },
      );
      expect(response.status).toBe(201);
    }
  });
  afterAll(() => server.close());

  test('sorts by total reach, a page at a time, and filters by platform, reach, country and handle', async () => {
    expect(await names('sort=reach')).toEqual([
      'Tom Lovelace 90000',
      'Uma Lovelace 50000',
      'Ines Lovelace 5000',
    ]);
    const first = (await (
      await fetch(
        `${server.baseUrl}/api/review/applications?sort=reach&limit=1`,
        {
          headers: { authorization: `Bearer ${adminToken}` },
        },
      )
    ).json()) as { nextCursor: string };
    expect(
      await names(`sort=reach&limit=2&cursor=${first.nextCursor}`),
    ).toEqual(['Uma Lovelace 50000', 'Ines Lovelace 5000']);
    expect(await names('platform=tiktok')).toEqual([
      'Uma Lovelace 50000',
      'Tom Lovelace 90000',
    ]);
    expect(await names('minReach=40000&sort=reach')).toEqual([
      'Tom Lovelace 90000',
      'Uma Lovelace 50000',
    ]);
    expect(await names('country=GB&platform=instagram&minReach=10000')).toEqual(
      ['Uma Lovelace 50000'],
    );
    expect(await names('search=TRIPS')).toEqual(['Tom Lovelace 90000']);
    expect(
      (
        await fetch(
          `${server.baseUrl}/api/review/applications?platform=myspace`,
          {
            headers: { authorization: `Bearer ${adminToken}` },
          },
        )
      ).status,
    ).toBe(400);
  });
  test('sorts by net votes, a page at a time, and filters by notes and by when they arrived', async () => {
    const { items } = (await (
      await fetch(`${server.baseUrl}/api/review/applications`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { items: Array<{ id: string; name: string }> };
    const idOf = (name: string) =>
      items.find((item) => item.name.startsWith(name))?.id ?? '';
    const accounts = createStaffAccounts(server.database);
    const reviews = createReviewRepository(server.database);
    for (const [email, votes] of [
      ['v1@example.org', { Ines: 1, Tom: -1 }],
      ['v2@example.org', { Ines: 1, Uma: 1 }],
    ] as const) {
      const staff = await accounts.add({ email, role: 'reviewer', password });
      for (const [name, value] of Object.entries(votes))
        await reviews.vote(idOf(name), staff.id, value);
    }
    await reviews.addNote(idOf('Tom'), 'v1@example.org', 'Ask about dates.');

    expect(await names('sort=votes')).toEqual([
      'Ines Lovelace 5000',
      'Uma Lovelace 50000',
      'Tom Lovelace 90000',
    ]);
    const first = (await (
      await fetch(
        `${server.baseUrl}/api/review/applications?sort=votes&limit=2`,
        {
          headers: { authorization: `Bearer ${adminToken}` },
        },
      )
    ).json()) as { nextCursor: string };
    expect(await names(`sort=votes&cursor=${first.nextCursor}`)).toEqual([
      'Tom Lovelace 90000',
    ]);
    expect(await names('hasNote=yes')).toEqual(['Tom Lovelace 90000']);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(await names(`receivedFrom=${tomorrow}`)).toEqual([]);
    expect(await names(`receivedTo=${tomorrow}`)).toHaveLength(3);
    expect(
      (
        await fetch(
          `${server.baseUrl}/api/review/applications?receivedFrom=yesterday`,
          {
            headers: { authorization: `Bearer ${adminToken}` },
          },
        )
      ).status,
    ).toBe(400);
  });
});
