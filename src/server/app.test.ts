import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  exampleConfig,
  fakeDist,
  fakeFirstStep,
  fakeStylesheet,
} from '../../tests/support/fixtures.ts';
import { startTestServer } from '../../tests/support/test-server.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer({
    config: exampleConfig({
      title: "Ada $& $' $` $$ </title><script>alert(1)</script>",
      lang: 'de',
      texts: { continue: '</script><!--' },
      analytics: {
        token: 'token',
        host: 'https://analytics.example.org/track',
      },
      errorReporting: { dsn: 'https://public@o1.ingest.errors.example/7' },
      theme: { brand: '#123456' },
      notifications: { staffEmails: ['team@example.org'] },
    }),
  });
});

afterAll(() => server.close());

test('writes title and lang into the page, escaped', async () => {
  const html = await (await fetch(`${server.baseUrl}/`)).text();
  expect(html).toContain('<html lang="de" dir="ltr">');
  // Replacement patterns (`$&` and the like) stay text, not pieces of the template.
  expect(html).toContain(
    '<title>Ada $&amp; $&#39; $` $$ &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
  );
});

test('never sends the notification settings, which name staff addresses, to the browser', async () => {
  const html = await (await fetch(`${server.baseUrl}/`)).text();
  expect(html).not.toContain('team@example.org');
  expect(html).not.toContain('notifications');
});

test('embeds the configuration so that no text can close its script element', async () => {
  const html = await (await fetch(`${server.baseUrl}/`)).text();
  const json =
    /<script type="application\/json" id="wizard-config"[^>]*>(.*?)<\/script>/s.exec(
      html,
    )?.[1] ?? '';
  expect(json).not.toMatch(/<\/script|<!--/i);
  const embedded = JSON.parse(json) as {
    title: string;
    texts: { continue: string };
  };
  expect(embedded.texts.continue).toBe('</script><!--');
  expect(embedded.title).toBe(
    "Ada $& $' $` $$ </title><script>alert(1)</script>",
  );
});

test("carries the first step's markup and every style it needs, so it paints before any script runs", async () => {
  const response = await fetch(`${server.baseUrl}/`);
  const html = await response.text();

  expect(html).toContain(`<div id="root">${fakeFirstStep}</div>`);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  const style = /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';
  expect(style).toMatch(/^:root\{[^}]*--color-brand:#123456;/);
  expect(style.endsWith(fakeStylesheet)).toBe(true);
  // The policy allows exactly the page's own style and script elements, no other inline code.
  const hash = (text: string) =>
    createHash('sha256').update(text).digest('base64');
  const script = /<script>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
  expect(script).toContain('"wizard-draft:aldmere-creators"');
  const directive = (name: string) =>
    response.headers
      .get('content-security-policy')
      ?.split(';')
      .find((entry) => entry.startsWith(`${name} `))
      ?.split(' ')
      .slice(1);
  expect(directive('script-src')).toEqual([
    "'self'",
    `'sha256-${hash(script)}'`,
  ]);
  // The other style allowed is the workspace page's, which inlines the theme alone.
  const reviewHtml = await (
    await fetch(`${server.baseUrl}/review/sign-in`)
  ).text();
  const reviewStyle = /<style>(.*?)<\/style>/s.exec(reviewHtml)?.[1] ?? '';
  expect(directive('style-src')).toEqual([
    "'self'",
    `'sha256-${hash(style)}'`,
    `'sha256-${hash(reviewStyle)}'`,
  ]);
});

test('refuses to start without a complete build, naming the missing file', async () => {
  const dist = fakeDist();
  rmSync(join(dist, 'server', 'prerender.js'));

  await expect(startTestServer({ distDirectory: dist })).rejects.toThrow(
    `${join(dist, 'server', 'prerender.js')} is missing: run \`npm run build\` first`,
  );
});

test('preloads the first cover with its srcset', async () => {
  const html = await (await fetch(`${server.baseUrl}/`)).text();
  expect(html).toMatch(
    /<link rel="preload" as="image" fetchpriority="high" href="\/images\/cover-0-800\.webp" imagesrcset="\/images\/cover-0-480\.avif 480w/,
  );
});

test('sends a strict Content-Security-Policy naming only the configured hosts', async () => {
  const response = await fetch(`${server.baseUrl}/`);
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(
    "connect-src 'self' https://analytics.example.org https://o1.ingest.errors.example",
  );
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('strict-transport-security')).toBe(
    'max-age=31536000; includeSubDomains',
  );
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-powered-by')).toBeNull();
});

test('sends the page and the scripts compressed in the best encoding the browser accepts', async () => {
  const get = (url: string, acceptEncoding?: string) =>
    server.app.inject({
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
  const plainPage = await get('/');
  expect(plainPage.headers['content-encoding']).toBeUndefined();
  expect(plainPage.headers.vary).toMatch(/accept-encoding/i);
  const brotliPage = await get('/', 'gzip, deflate, br');
  expect(brotliPage.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(brotliPage.rawPayload).toString()).toBe(
    plainPage.body,
  );
  const gzipPage = await get('/', 'br;q=0, gzip');
  expect(gzipPage.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzipPage.rawPayload).toString()).toBe(plainPage.body);

  const script = await get('/assets/index-abc123.js', 'br');
  expect(script.headers['content-encoding']).toBe('br');
  expect(script.headers.vary).toMatch(/accept-encoding/i);
  expect(script.headers['cache-control']).toContain('immutable');
  expect(brotliDecompressSync(script.rawPayload).toString()).toBe(
    'console.log(1)',
  );
  const plainScript = await get('/assets/index-abc123.js');
  expect(plainScript.headers['content-encoding']).toBeUndefined();
  expect(plainScript.body).toBe('console.log(1)');
});
