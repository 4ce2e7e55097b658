import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer } from '../../../tests/support/test-server.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(() => server.close());

test('serves hashed assets with a year of immutable caching and images for a day', async () => {
  const asset = await fetch(`${server.baseUrl}/assets/index-abc123.js`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('cache-control')).toBe(
    'public, max-age=31536000, immutable',
  );
  const image = await fetch(`${server.baseUrl}/images/logo.svg`);
  expect(image.status).toBe(200);
  expect(image.headers.get('cache-control')).toBe('public, max-age=86400');
});

test('does not serve files outside the assets and images folders', async () => {
  for (const path of [
    '/assets/../package.json',
    '/images/..%2f..%2fpackage.json',
    '/assets/%2e%2e/index.html',
    '/data/applications.db',
    '/.git/config',
  ]) {
    const response = await fetch(`${server.baseUrl}${path}`, {
      redirect: 'manual',
    });
    expect([302, 403, 404]).toContain(response.status);
    expect(await response.text()).not.toContain(
      '"name": "creator-application-wizard"',
    );
  }
});
