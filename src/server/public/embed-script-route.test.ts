import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminToken,
  fakeEmbedScript,
} from '../../../tests/support/fixtures.ts';
import { framingOf } from '../../../tests/support/framing.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const hosts = ['https://www.example.org', 'http://localhost:8080'];

/** What the served script hands the built one: the origins it is wrapped with. */
function originsIn(script: string): unknown {
  let seen: unknown;
  runInNewContext(script, {
    console: { log: (value: unknown) => (seen = value) },
  });
  return seen;
}

describe('with EMBED_ORIGINS', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    server = await startTestServer({ embedOrigins: hosts });
    // A call that opens later: its page says so where its form will be.
    const made = await fetch(`${server.baseUrl}/api/review/calls`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${adminToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        slug: 'winter-2099',
        title: 'Winter 2099',
        opensAt: '2099-01-01T00:00:00.000Z',
      }),
    });
    expect(made.status).toBe(201);
  });

  afterAll(() => server.close());

  test('serves /embed.js to any site, with the allowed origins, a short cache and an ETag', async () => {
    const response = await fetch(`${server.baseUrl}/embed.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'text/javascript; charset=utf-8',
    );
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('cross-origin-resource-policy')).toBe(
      'cross-origin',
    );
    const script = await response.text();
    expect(script).toContain(fakeEmbedScript);
    expect(originsIn(script)).toEqual(hosts);
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await fetch(`${server.baseUrl}/embed.js`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  test('lets those sites frame the wizard’s pages, open or not yet, and no other page', async () => {
    for (const path of [
      '/',
      '/?embed=https%3A%2F%2Fwww.example.org&utm_source=hotel',
      '/apply/aldmere-creators',
      '/apply/aldmere-creators?embed=http%3A%2F%2Flocalhost%3A8080',
      '/apply/winter-2099',
    ])
      expect(await framingOf(`${server.baseUrl}${path}`), path).toEqual({
        status: 200,
        ancestors: hosts.join(' '),
        xFrameOptions: null,
      });
    for (const path of ['/me', '/calls', '/review', '/embed.js'])
      expect(await framingOf(`${server.baseUrl}${path}`), path).toMatchObject({
        ancestors: "'none'",
        xFrameOptions: 'SAMEORIGIN',
      });
  });
});

describe('without EMBED_ORIGINS', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(() => server.close());

  test('no site may frame the wizard, and /embed.js knows it', async () => {
    for (const path of ['/', '/apply/aldmere-creators'])
      expect(await framingOf(`${server.baseUrl}${path}`), path).toEqual({
        status: 200,
        ancestors: "'none'",
        xFrameOptions: 'SAMEORIGIN',
      });
    const script = await fetch(`${server.baseUrl}/embed.js`);
    expect(originsIn(await script.text())).toEqual([]);
  });
});
