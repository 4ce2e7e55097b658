import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { exampleConfig } from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer({
    config: exampleConfig({
      languages: ['en', 'de', 'ar'],
      translations: {
        de: { 'steps.0.heading': 'Willkommen!', 'steps.1.name': 'Angaben' },
        ar: { 'steps.0.heading': 'أهلًا وسهلًا!' },
      },
    }),
  });
});

afterAll(() => server.close());

const embeddedConfig = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="wizard-config"[^>]*>(.*?)<\/script>/s.exec(
      html,
    )?.[1] ?? 'null',
  ) as {
    lang: string;
    translations: object;
    steps: { heading: string; name: string }[];
  };

const scriptSources = (response: Response) =>
  response.headers
    .get('content-security-policy')
    ?.split(';')
    .find((entry) => entry.startsWith('script-src '))
    ?.split(' ')
    .slice(1);

const hashOf = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

test("serves the page in the browser's language, saying so to the browser and to caches", async () => {
  const response = await fetch(`${server.baseUrl}/`, {
    headers: { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' },
  });
  const html = await response.text();
  expect(html).toContain('<html lang="de" dir="ltr">');
  expect(response.headers.get('content-language')).toBe('de');
  expect(response.headers.get('vary')).toBe('Accept-Language, Accept-Encoding');
  const config = embeddedConfig(html);
  expect(config.lang).toBe('de');
  expect(config.steps[0]?.heading).toBe('Willkommen!');
  // No other language's words reach the browser.
  expect(config.translations).toEqual({});
  expect(html).not.toContain('أهلًا');
});

test("a page in another language carries its own script, which the policy allows by that script's hash", async () => {
  for (const [query, lang, dir] of [
    ['?lang=ar', 'ar', 'rtl'],
    ['?lang=de', 'de', 'ltr'],
    ['', 'en', 'ltr'],
  ] as const) {
    const response = await fetch(`${server.baseUrl}/${query}`);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
    const script = /<script>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    // The step names the address may carry are the language's own.
    if (lang === 'de') expect(script).toContain('"angaben"');
    expect(scriptSources(response)).toEqual(["'self'", hashOf(script)]);
  }
});

test('answers the form asked for by a page in that language, without translations', async () => {
  const response = await fetch(
    `${server.baseUrl}/api/form/aldmere-creators?lang=ar`,
  );
  expect(response.headers.get('content-language')).toBe('ar');
  const { config } = (await response.json()) as {
    config: ReturnType<typeof embeddedConfig>;
  };
  expect(config.lang).toBe('ar');
  expect(config.steps[0]?.heading).toBe('أهلًا وسهلًا!');
  expect(config.translations).toEqual({});
});

test('keeps the language chosen for the visit: only a form of several languages notes it', async () => {
  const html = await (await fetch(`${server.baseUrl}/?lang=de`)).text();
  expect(html).toContain('"wizard-language:aldmere-creators"');
  const single = await startTestServer();
  try {
    const response = await fetch(`${single.baseUrl}/`, {
      headers: { 'Accept-Language': 'de' },
    });
    expect(await response.text()).not.toContain('wizard-language:');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-language')).toBe('en');
  } finally {
    await single.close();
  }
});

test("writes the list of open calls in the visitor's language, right to left for Arabic", async () => {
  const response = await fetch(`${server.baseUrl}/calls`, {
    headers: { 'Accept-Language': 'ar' },
  });
  expect(response.headers.get('content-language')).toBe('ar');
  expect(await response.text()).toContain('<html lang="ar" dir="rtl">');
});
