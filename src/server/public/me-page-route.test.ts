import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { applicantPageTexts } from '#engine/applicant-page-texts.ts';
import { captureLog } from '../../../tests/support/log-capture.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import {
  exampleWith,
  withTranslations,
} from '../../../tests/support/wizard-configs.ts';
import { loggerOptions } from '../plugins/request-log.ts';

const log = captureLog();
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer({
    logger: { ...loggerOptions, stream: log.stream },
  });
});

afterAll(() => server.close());

const token = 'aSecretSignInToken_0123456789abcdefghijkl';

test('answers /me with the applicant page in the form’s look: its logo, heading, texts as data and its own script, never stored by a cache', async () => {
  const response = await fetch(`${server.baseUrl}/me?token=${token}`, {
    redirect: 'manual',
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  const html = await response.text();
  expect(html).toContain('<html lang="en" dir="ltr">');
  expect(html).toContain('class="logo"');
  expect(html).toContain(
    `<h1 class="step__heading" tabindex="-1" data-key="heading">${applicantPageTexts.heading}</h1>`,
  );
  expect(html).toContain(
    '<script type="module" src="/assets/me-abc123.js"></script>',
  );
  const data =
    /<script type="application\/json" id="me-texts">(.*?)<\/script>/s.exec(
      html,
    )?.[1];
  expect(JSON.parse(data ?? 'null')).toEqual(applicantPageTexts);
  // The page is the same whatever the address carries: the token is spent by the script, on a press.
  expect(html).not.toContain(token);
});

test('allows the page’s one inline style by its hash and scripts only from its own origin', async () => {
  const response = await fetch(`${server.baseUrl}/me`);
  const html = await response.text();
  const style = /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';
  expect(style).toContain('.me-status--withdrawn');
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy).toContain(
    `style-src 'self' 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  );
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
});

test('writes the path of /me to the access log without its query, so a sign-in token never reaches the log', async () => {
  await fetch(`${server.baseUrl}/me?token=${token}`);
  await expect
    .poll(() =>
      log
        .records()
        .some(
          (record) =>
            (record as { req?: { path?: string } }).req?.path === '/me',
        ),
    )
    .toBe(true);
  expect(log.lines.join('\n')).not.toContain(token);
});

test('writes the page in the language the address or the browser asks for, among the form’s', async () => {
  const inTwo = await startTestServer({
    config: exampleWith(
      withTranslations({ de: { 'logo.alt': 'Aldmere Küste' } }),
    ),
  });
  try {
    const page = async (query: string, language?: string) =>
      (
        await fetch(`${inTwo.baseUrl}/me${query}`, {
          headers: language ? { 'accept-language': language } : {},
        })
      ).text();
    const asked = await page('?lang=de');
    expect(asked).toContain('<html lang="de"');
    expect(asked).toContain('Aldmere Küste');
    expect(await page('', 'de-DE,de;q=0.9,en;q=0.5')).toContain(
      '<html lang="de"',
    );
    const notOffered = await page('?lang=fr', 'fr');
    expect(notOffered).toContain('<html lang="en"');
    expect(notOffered).not.toContain('Aldmere Küste');
  } finally {
    await inTwo.close();
  }
});
