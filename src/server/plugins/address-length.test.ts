import { afterAll, beforeAll, expect, test } from 'vitest';
import { signInPath } from '#engine/review-page.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { maxAddressLength } from './address-length.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string) =>
  fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });

test('an address past the limit is answered 414 in a few words, never redirected', async () => {
  for (const path of [
    `/review?search=${'a'.repeat(maxAddressLength)}`,
    `/?utm_source=${'a'.repeat(maxAddressLength)}`,
    `/api/review/applications?search=${'a'.repeat(maxAddressLength)}`,
  ]) {
    const response = await get(path);
    expect(response.status).toBe(414);
    expect(response.headers.get('location')).toBeNull();
    const body = await response.text();
    expect(body.length).toBeLessThan(200);
    expect(JSON.parse(body)).toMatchObject({ error: 'uri_too_long' });
  }
});

test('signing in keeps the address asked for, and drops a query too long to carry in a redirect', async () => {
  const short = await get('/review/inbox?stage=new');
  expect(short.status).toBe(302);
  expect(short.headers.get('location')).toBe(
    `${signInPath}?next=${encodeURIComponent('/review/inbox?stage=new')}`,
  );

  // Under the limit, but each encoded character triples when it is encoded again for `next`.
  const search = '%C3%A9'.repeat(1300);
  const long = `/review/inbox?search=${search}`;
  expect(long.length).toBeLessThanOrEqual(maxAddressLength);
  const response = await get(long);
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe(
    `${signInPath}?next=${encodeURIComponent('/review/inbox')}`,
  );
});
