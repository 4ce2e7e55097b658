import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseWizardConfig, type WizardConfig } from '#engine/config-schema.ts';
import { buildApp } from './app.ts';

const template = readFileSync('index.html', 'utf8').replace(
  '<script type="module" src="/src/web/main.tsx"></script>',
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
);

function exampleWith(overrides: Record<string, unknown>): WizardConfig {
  const result = parseWizardConfig({
    ...JSON.parse(readFileSync('config/example.wizard.json', 'utf8')),
    ...overrides,
  });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.config;
}

let baseUrl = '';
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'wizard-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), template);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  const app = await buildApp({
    wizardConfig: exampleWith({
      title: 'Ada </title><script>alert(1)</script>',
      lang: 'de',
      texts: { continue: '</script><!--' },
    }),
    configDirectory: 'config',
    distDirectory: dist,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  close = () => app.close();
});

afterAll(() => close());

test('writes title and lang into the page, escaped', async () => {
  const html = await (await fetch(`${baseUrl}/`)).text();
  expect(html).toContain('<html lang="de">');
  expect(html).toContain(
    '<title>Ada &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
  );
});

test('embeds the configuration so that no text can close its script element', async () => {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const json =
    /<script type="application\/json" id="wizard-config">(.*?)<\/script>/s.exec(
      html,
    )?.[1] ?? '';
  expect(json).not.toMatch(/<\/script|<!--/i);
  expect(JSON.parse(json).texts.continue).toBe('</script><!--');
});

test('preloads the first cover with its srcset', async () => {
  const html = await (await fetch(`${baseUrl}/`)).text();
  expect(html).toMatch(
    /<link rel="preload" as="image" fetchpriority="high" href="\/images\/cover-0-800\.webp" imagesrcset="\/images\/cover-0-480\.avif 480w/,
  );
});

test('serves hashed assets with a year of immutable caching and images for a day', async () => {
  const asset = await fetch(`${baseUrl}/assets/index-abc123.js`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('cache-control')).toBe(
    'public, max-age=31536000, immutable',
  );
  const image = await fetch(`${baseUrl}/images/logo.svg`);
  expect(image.status).toBe(200);
  expect(image.headers.get('cache-control')).toBe('public, max-age=86400');
});

test('redirects other page paths to / and answers unknown API paths with JSON 404', async () => {
  const page = await fetch(`${baseUrl}/apply?step=2`, { redirect: 'manual' });
  expect(page.status).toBe(302);
  expect(page.headers.get('location')).toBe('/');
  const api = await fetch(`${baseUrl}/api/unknown`);
  expect(api.status).toBe(404);
  expect(await api.json()).toEqual({
    error: 'not_found',
    message: 'No route for GET /api/unknown',
  });
});

test('does not serve files outside the assets and images folders', async () => {
  for (const path of [
    '/assets/../package.json',
    '/images/..%2f..%2fpackage.json',
    '/assets/%2e%2e/index.html',
  ]) {
    const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
    expect([302, 403, 404]).toContain(response.status);
    expect(await response.text()).not.toContain(
      '"name": "creator-application-wizard"',
    );
  }
});
