import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer } from '../../../tests/support/test-server.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(() => server.close());

test('redirects other page paths to / and answers unknown API paths with JSON 404', async () => {
  const page = await fetch(`${server.baseUrl}/apply?step=2`, {
    redirect: 'manual',
  });
  expect(page.status).toBe(302);
  expect(page.headers.get('location')).toBe('/');
  const api = await fetch(`${server.baseUrl}/api/unknown`);
  expect(api.status).toBe(404);
  expect(await api.json()).toEqual({
    error: 'not_found',
    message: 'No route for GET /api/unknown',
  });
});
