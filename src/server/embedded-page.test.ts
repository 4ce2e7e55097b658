import { afterAll, beforeAll, expect, test } from 'vitest';
import { exampleConfig } from '../../tests/support/fixtures.ts';
import { startTestServer } from '../../tests/support/test-server.ts';

let plain: Awaited<ReturnType<typeof startTestServer>>;
let keepsLogo: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  [plain, keepsLogo] = await Promise.all([
    startTestServer(),
    startTestServer({
      config: exampleConfig({ embed: { logo: true, footer: false } }),
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([plain.close(), keepsLogo.close()]);
});

const host = encodeURIComponent('https://example.org');

test("the page asked for as a frame's content says so, and differs from the full page by that alone", async () => {
  const [full, framed] = await Promise.all([
    fetch(`${plain.baseUrl}/`),
    fetch(`${plain.baseUrl}/?embed=${host}`),
  ]);
  const fullHtml = await full.text();
  const framedHtml = await framed.text();
  expect(fullHtml).not.toContain('data-embedded');
  expect(framedHtml).toContain('<html lang="en" dir="ltr" data-embedded="">');
  expect(framedHtml.replace(' data-embedded=""', '')).toBe(fullHtml);
  // Its inline script and style are the full page's, so the same hashes allow them.
  expect(framed.headers.get('content-security-policy')).toBe(
    full.headers.get('content-security-policy'),
  );
  // A second request is served the same page, kept once made.
  expect(await (await fetch(`${plain.baseUrl}/?embed=${host}`)).text()).toBe(
    framedHtml,
  );
});

test("a call's own page is served for a frame too", async () => {
  const html = await (
    await fetch(`${plain.baseUrl}/apply/aldmere-creators?embed=${host}`)
  ).text();
  expect(html).toContain('data-embedded=""');
});

test('names the parts of its page the form keeps inside a frame', async () => {
  const html = await (
    await fetch(`${keepsLogo.baseUrl}/?embed=${host}`)
  ).text();
  expect(html).toContain('data-embedded="logo"');
});
