import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { engines } from '../../tests/support/databases.ts';
import { adminToken, validApplication } from '../../tests/support/fixtures.ts';
import { startTestServer } from '../../tests/support/test-server.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Every route of the app as `[method, path]`, read from Fastify's printed route tree. */
function routesOf(server: TestServer): Array<[string, string]> {
  const routes: Array<[string, string]> = [];
  const pathAt: string[] = [];
  for (const line of server.app
    .printRoutes({ commonPrefix: false })
    .split('\n')) {
    const match = /^([│ ]*)(?:[├└]── )?(\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    pathAt[depth] = `${depth === 0 ? '' : (pathAt[depth - 1] ?? '')}${segment}`;
    for (const method of methods.split(', '))
      if (method !== 'HEAD') routes.push([method, pathAt[depth] ?? '']);
  }
  return routes;
}

const id = randomUUID();
/** A body each route takes, so that the request gets as far as the storage. */
const bodies: Record<string, unknown> = {
  'PUT /api/syncPage/aldmere-creators': validApplication(),
  'POST /api/review/session': { email: 'ada@example.org', password: 'x' },
  'POST /api/review/session/code': { code: '123456' },
  'PUT /api/review/settings/notifications': { notify: 'each' },
  [`PATCH /api/review/staff/${id}`]: { role: 'reviewer' },
  'POST /api/review/password': { currentPassword: 'x', newPassword: 'y' },
  'POST /api/review/two-step': { code: '123456' },
  'POST /api/review/two-step/off': { password: 'x' },
  'POST /api/review/invitations': { email: 'x@example.org', role: 'admin' },
  'POST /api/review/invitation': { token: 'x' },
  'POST /api/review/invitation/accept': { token: 'x', password: 'y' },
  'POST /api/review/applications/export': { ids: [id] },
  'POST /api/review/applications/stage': { ids: [id], stage: 'new' },
  'POST /api/review/applications/tags': { ids: [id], add: ['x'] },
  'POST /api/review/applications/decision-preview': {
    ids: [id],
    stage: 'declined',
  },
  'POST /api/review/applications/decisions': {
    ids: [id],
    stage: 'declined',
    subject: 'x',
    body: 'x',
  },
  [`POST /api/review/applications/${id}/stage`]: { stage: 'accepted' },
  [`PUT /api/review/applications/${id}/vote`]: { value: 1 },
  [`POST /api/review/applications/${id}/notes`]: { body: 'x' },
};

/** Takes the storage away: PostgreSQL refuses every connection, SQLite's file is closed. */
async function takeStorageAway(server: TestServer, engine: string) {
  if (engine === 'sqlite') return server.database.close();
  const { rows } = await sql<{
    name: string;
  }>`select current_database() as name`.execute(server.database.db);
  const admin = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL,
  });
  await admin.connect();
  const name = rows[0]?.name ?? '';
  await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
    [name],
  );
  await admin.end();
}

describe.each(engines)('with the storage gone on %s', (engine) => {
  test('every route answers 503 in the project shape, or what it answers without storage; never another 5xx', async () => {
    const server = await startTestServer({ engine });
    const routes = routesOf(server);
    expect(routes.length).toBeGreaterThan(30);
    await takeStorageAway(server, engine);
    const answers: Array<{ route: string; status: number; body: string }> = [];
    for (const [method, pattern] of routes) {
      const path = pattern
        .replace(':pageId', 'aldmere-creators')
        .replace(':id', id)
        .replace(':format', 'csv')
        .replace('*', 'anything');
      const body = bodies[`${method} ${path}`];
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${adminToken}`,
          'idempotency-key': randomUUID(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        redirect: 'manual',
      });
      answers.push({
        route: `${method} ${pattern}`,
        status: response.status,
        body: await response.text(),
      });
    }
    const unavailable = JSON.stringify({
      error: 'unavailable',
      message: 'The server could not complete this request; please try again.',
    });
    const health = JSON.stringify({ status: 'unavailable', database: engine });
    expect(
      answers.filter(
        (answer) =>
          answer.status >= 500 &&
          (answer.status !== 503 ||
            answer.body !==
              (answer.route === 'GET /api/health' ? health : unavailable)),
      ),
    ).toEqual([]);
    // What reads or writes applications cannot answer otherwise.
    expect(
      answers
        .filter((answer) =>
          [
            'GET /api/health',
            'PUT /api/syncPage/:pageId',
            'GET /api/applications',
            'GET /api/applications.:format',
            'GET /api/review/applications',
            'GET /api/review/applications.:format',
            'POST /api/review/applications/export',
            'DELETE /api/applications/:id',
          ].includes(answer.route),
        )
        .map((answer) => [answer.route, answer.status]),
    ).toEqual(
      expect.arrayContaining([
        ['GET /api/applications.:format', 503],
        ['GET /api/review/applications.:format', 503],
        ['POST /api/review/applications/export', 503],
        ['GET /api/applications', 503],
        ['PUT /api/syncPage/:pageId', 503],
      ]),
    );
    await server.close();
  });
});

describe.each(engines)('a failing read on %s', (engine) => {
  test('an export whose read fails after it began answers 503 in JSON, not a broken file', async () => {
    const server = await startTestServer({ engine });
    // The audit entry is written; the applications cannot be read.
    await sql`alter table applications rename to applications_gone`.execute(
      server.database.db,
    );
    for (const path of [
      '/api/applications.csv',
      '/api/review/applications.csv',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toBe(
        'application/json; charset=utf-8',
      );
      expect(response.headers.get('content-disposition')).toBeNull();
      expect(await response.json()).toMatchObject({ error: 'unavailable' });
    }
    await sql`alter table applications_gone rename to applications`.execute(
      server.database.db,
    );
    await server.close();
  });
});
