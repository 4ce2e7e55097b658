import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { defaultTexts } from '#engine/texts.ts';
import { exampleConfig } from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { callListRoutes, robotsTxt } from './call-list-routes.ts';
import type { PublicCallCard } from './call-pages.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer({
    config: exampleConfig({
      analytics: {
        token: 'token',
        host: 'https://analytics.example.org/track',
      },
    }),
  });
});

afterAll(() => server.close());

const styleHashOf = (html: string) =>
  `'sha256-${createHash('sha256')
    .update(/<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '-')
    .digest('base64')}'`;

test('answers /calls with the served form as its one open call, not with a redirect to the wizard', async () => {
  const response = await fetch(`${server.baseUrl}/calls`, {
    redirect: 'manual',
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  const html = await response.text();
  expect(html).toContain(
    '<a href="/apply/aldmere-creators">Creator Application · Visit Aldmere Coast</a>',
  );
  expect(html).toContain(defaultTexts.callOpenEnded);
  // Other page addresses still lead back to the wizard.
  const unknown = await fetch(`${server.baseUrl}/callsx`, {
    redirect: 'manual',
  });
  expect(unknown.status).toBe(302);
});

test('sends /calls compressed with brotli or gzip, as asked', async () => {
  const plain = await (await fetch(`${server.baseUrl}/calls`)).text();
  for (const [encoding, decompress] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    // node:http, not fetch, which would decompress the body and hide the encoding.
    const response = await server.app.inject({
      url: '/calls',
      headers: { 'accept-encoding': encoding },
    });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.rawPayload.length).toBeLessThan(plain.length / 2);
    expect(decompress(response.rawPayload).toString('utf8')).toBe(plain);
  }
});

test('allows its one inline style by its hash, and no inline script and nothing unsafe', async () => {
  const response = await fetch(`${server.baseUrl}/calls`);
  const html = await response.text();
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).toContain(`style-src 'self' ${styleHashOf(html)};`);
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(html).not.toContain('<script');
  // The wizard's page keeps its own policy, which allows its own inline script.
  const wizard = await fetch(`${server.baseUrl}/`);
  const wizardPolicy = wizard.headers.get('content-security-policy') ?? '';
  expect(wizardPolicy).toMatch(/script-src 'self' 'sha256-/);
  expect(wizardPolicy).toContain(styleHashOf(await wizard.text()));
});

test('lists the calls open at each visit, and says so when none is', async () => {
  let open: PublicCallCard[] = [];
  const app = Fastify();
  await app.register(callListRoutes, {
    openCalls: async () => open,
    site: () => exampleConfig(),
    stylesheet: '',
    timeZone: 'UTC',
  });
  try {
    const before = await app.inject({ url: '/calls' });
    expect(before.body).toContain(defaultTexts.noOpenCalls);
    open = [
      {
        slug: 'winter-food',
        title: 'Winter food trail',
        summary: 'German-speaking creators.',
        closesAt: '2027-01-15T12:00:00Z',
        cover: null,
      },
    ];
    const after = await app.inject({
      url: '/calls',
      headers: { 'accept-encoding': 'br' },
    });
    const html = brotliDecompressSync(after.rawPayload).toString('utf8');
    expect(html).toContain(
      '<a href="/apply/winter-food">Winter food trail</a>',
    );
    expect(html).toContain('January 15, 2027 at 12:00 PM UTC');
    expect(html).not.toContain(defaultTexts.noOpenCalls);
  } finally {
    await app.close();
  }
});

test('tells search engines they may read the public pages but not the workspace or the API', async () => {
  const response = await fetch(`${server.baseUrl}/robots.txt`, {
    redirect: 'manual',
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(
    'text/plain; charset=utf-8',
  );
  const text = await response.text();
  expect(text).toBe(robotsTxt);
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Disallow: \/review$/m);
  expect(text).not.toMatch(/^Disallow: \/$/m);
});
