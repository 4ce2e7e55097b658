import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  adminToken,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const injections = [
  "' OR '1'='1",
  "'; DROP TABLE applications;--",
  '" OR ""="',
  "') OR 1=1 --",
  '%',
  '_',
  '\\',
  '\\%',
  "%' UNION SELECT email, email FROM staff_accounts --",
  '*/ SELECT 1; /*',
  '$1',
  '?',
];

const hostileText = fc.oneof(
  fc.constantFrom(...injections),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ maxLength: 20 }).map((text) => `${text}\u0000${text}`),
  fc.constant('x'.repeat(5000)),
);

/** The inbox's query parameters with hostile values; the rest of the query is as sent. */
const hostileQuery = fc.dictionary(
  fc.constantFrom(
    'search',
    'tag',
    'country',
    'platform',
    'minReach',
    'receivedFrom',
    'receivedTo',
    'stage',
    'sort',
    'cursor',
    'limit',
    'hasNote',
  ),
  hostileText,
  { minKeys: 1, maxKeys: 3 },
);

const paths = [
  '/api/review/applications',
  '/api/review/applications.csv',
  '/api/applications',
  '/api/applications.csv',
];

const withBearer = { authorization: `Bearer ${adminToken}` };

describe.each(engines)('hostile staff queries on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const get = (path: string, query: Record<string, string>) =>
    server.app.inject({ method: 'GET', url: path, query, headers: withBearer });

  beforeAll(async () => {
    server = await startTestServer({ engine });
    for (const firstName of ['Grace', 'Hedy', 'Katherine'])
      await putApplication(
        server.baseUrl,
        validApplication({
          firstName,
          emailAddress: `${firstName.toLowerCase()}@example.com`,
        }),
        {
          key: randomUUID(),
        },
      );
  });
  afterAll(() => server.close());

  test('a NUL in a text parameter is refused with a 400 naming it, on every list and export', async () => {
    for (const path of paths)
      for (const name of ['search', 'tag'])
        if (name === 'search' || path.startsWith('/api/review/')) {
          const response = await get(path, { [name]: 'ada\u0000' });
          expect([path, name, response.statusCode]).toEqual([path, name, 400]);
          expect(response.json()).toEqual({
            error: 'validation',
            issues: [{ path: name, message: expect.stringContaining('NUL') }],
          });
        }
  });

  test('a NUL in a body the workspace takes, or in the e-mail of a sign-in, is refused with a 400 naming it', async () => {
    const post = (url: string, payload: Record<string, unknown>) =>
      server.app.inject({ method: 'POST', url, payload, headers: withBearer });
    const [id] = (
      (await get('/api/review/applications', {})).json() as {
        items: Array<{ id: string }>;
      }
    ).items.map((item) => item.id);
    for (const [url, payload, path] of [
      [
        `/api/review/applications/tags`,
        { ids: [id], add: ['a\u0000'] },
        'add[0]',
      ],
      [`/api/review/applications/${id}/notes`, { body: 'x\u0000' }, 'body'],
      [
        '/api/review/session',
        { email: 'a\u0000@example.org', password: 'x' },
        'email',
      ],
    ] as const) {
      const response = await post(url, payload);
      expect([url, response.statusCode]).toEqual([url, 400]);
      expect(response.json()).toMatchObject({ issues: [{ path }] });
    }
  });

  test('1,000 hostile queries: never a 5xx, an injection finds nothing, and the data is intact', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        hostileQuery,
        async (path, query) => {
          const response = await get(path, query);
          statuses.set(
            response.statusCode,
            (statuses.get(response.statusCode) ?? 0) + 1,
          );
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 1000 },
    );
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
    for (const injection of injections.filter((text) => !/^[%_]$/.test(text))) {
      const found = (
        await get('/api/review/applications', { search: injection })
      ).json() as {
        items: unknown[];
      };
      expect([injection, found.items]).toEqual([injection, []]);
    }
    const all = (await get('/api/review/applications', {})).json() as {
      items: unknown[];
    };
    expect(all.items).toHaveLength(3);
  }, 300_000);
});
