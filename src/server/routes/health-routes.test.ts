import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer } from '../../../tests/support/test-server.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(() => server.close());

test('reports health with the database engine', async () => {
  const response = await fetch(`${server.baseUrl}/api/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'sqlite' });
});
