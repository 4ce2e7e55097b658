import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loggerOptions } from '../plugins/request-log.ts';
import {
  adminToken,
  exampleConfig,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { captureLog } from '../../../tests/support/log-capture.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

type Application = ReturnType<typeof validApplication> & {
  platforms: Record<string, Record<string, string>>;
};
const field = (
  application: Application,
  key: string,
  value: string | undefined,
) => {
  application.fields = application.fields.filter((entry) => entry.key !== key);
  if (value !== undefined) application.fields.push({ key, value });
};

const brokenRules: Array<
  [
    string,
    (application: Application) => void,
    { path: string; message: string },
  ]
> = [
  [
    'a name of spaces',
    (a) => (a.personalInfo.lastName = '   '),
    { path: 'personalInfo.lastName', message: 'This field is required' },
  ],
  [
    'an e-mail without a domain',
    (a) => (a.personalInfo.emailAddress = 'ada@'),
    {
      path: 'personalInfo.emailAddress',
      message: 'Enter a valid email address',
    },
  ],
  [
    'letters in the phone number',
    (a) => (a.personalInfo.phone.subscriber = '77009abc'),
    { path: 'personalInfo.phone.subscriber', message: 'Enter digits only' },
  ],
  [
    'a number without a calling code',
    (a) => (a.personalInfo.phone.countryCode = ''),
    {
      path: 'personalInfo.phone.countryCode',
      message: 'Select a calling code',
    },
  ],
  [
    'an unknown calling code',
    (a) => (a.personalInfo.phone.countryCode = '999'),
    {
      path: 'personalInfo.phone.countryCode',
      message: 'Select a calling code',
    },
  ],
  [
    'a country outside the list',
    (a) => (a.personalInfo.countryCode = 'XX'),
    { path: 'personalInfo.countryCode', message: 'Select an option' },
  ],
  [
    'the United States without a state',
    (a) => (a.personalInfo.countryCode = 'US'),
    { path: 'personalInfo.provinceCode', message: 'Select an option' },
  ],
  [
    'letters in the followers',
    (a) => (a.platforms.instagram = { handle: 'ada', followers: 'many' }),
    { path: 'platforms.instagram.followers', message: 'Enter a valid number' },
  ],
  [
    'a handle that is a URL',
    (a) =>
      (a.platforms.instagram = {
        handle: 'www.instagram.com/ada',
        followers: '1',
      }),
    { path: 'platforms.instagram.handle', message: 'Enter your username only' },
  ],
  [
    'a website that is not a URL',
    (a) => (a.platforms.website = { url: 'ada.example', monthlyTraffic: '10' }),
    { path: 'platforms.website.url', message: 'Enter your website URL' },
  ],
  [
    'a handle without followers',
    (a) => (a.platforms.tiktok = { handle: 'ada' }),
    { path: 'platforms.tiktok.followers', message: 'This field is required' },
  ],
  [
    'a required yes/no left out',
    (a) => field(a, 'single.wheelchairUser.value', undefined),
    { path: 'fields.single.wheelchairUser.value', message: 'Choose Yes or No' },
  ],
  [
    'Yes without the description it asks for',
    (a) => field(a, 'single.mediaOutletContributions.text', undefined),
    {
      path: 'fields.single.mediaOutletContributions.text',
      message: 'This field is required',
    },
  ],
  [
    'an answer over the length cap',
    (a) => field(a, 'single.whatContent', 'x'.repeat(301)),
    {
      path: 'fields.single.whatContent',
      message: 'Keep this under 300 characters',
    },
  ],
];

describe('the server applies every rule the browser applies', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({
      config: exampleConfig({
        platforms: {
          offered: ['instagram', 'tiktok', 'youtube', 'website'],
          required: [],
        },
      }),
    });
  });
  afterAll(() => server.close());

  // In-process requests: thousands of them without sockets.
  const injectPut = (body: unknown) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/syncPage/aldmere-creators',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      payload: JSON.stringify(body),
    });

  test.each(brokenRules)('refuses %s', async (_name, breakRule, issue) => {
    const application = validApplication() as Application;
    breakRule(application);
    const response = await putApplication(server.baseUrl, application, {
      key: randomUUID(),
    });
    expect(response.status).toBe(400);
    expect(
      ((await response.json()) as { issues: unknown[] }).issues,
    ).toContainEqual(issue);
  });

  test('answers 4xx JSON, never 5xx, to 500 arbitrary JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (body) => {
        const response = await injectPut(body);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
      }),
      { numRuns: 500 },
    );
  });

  test('answers 4xx, never 5xx, to 300 valid applications with one part replaced by arbitrary JSON', async () => {
    const paths = [
      'personalInfo',
      'personalInfo.phone',
      'personalInfo.firstName',
      'platforms',
      'platforms.instagram',
      'fields',
      'fields.0',
      'fields.0.value',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.jsonValue({ maxDepth: 3 }),
        async (path, replacement) => {
          const application = validApplication() as unknown as Record<
            string,
            unknown
          >;
          const keys = path.split('.');
          let node = application as Record<string, unknown>;
          for (const key of keys.slice(0, -1))
            node = node[key] as Record<string, unknown>;
          node[keys[keys.length - 1] as string] = replacement;
          const response = await injectPut(application);
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('client addresses for the rate limit', () => {
  const spoofed = () => ({
    'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250)}`,
  });

  test('does not believe X-Forwarded-For without TRUST_PROXY', async () => {
    const server = await startTestServer({ rateLimitPerMinute: 5 });
    const statuses = [];
    for (let attempt = 0; attempt < 7; attempt += 1)
      statuses.push(
        (
          await putApplication(
            server.baseUrl,
            { personalInfo: {} },
            { key: randomUUID(), headers: spoofed() },
          )
        ).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    await server.close();
  });

  test('gives each client behind a trusted proxy its own budget', async () => {
    const server = await startTestServer({
      rateLimitPerMinute: 2,
      trustProxy: ['127.0.0.1'],
    });
    const from = (address: string) =>
      putApplication(
        server.baseUrl,
        { personalInfo: {} },
        { key: randomUUID(), headers: { 'X-Forwarded-For': address } },
      );
    const first = [
      await from('198.51.100.1'),
      await from('198.51.100.1'),
      await from('198.51.100.1'),
    ].map((response) => response.status);
    expect(first).toEqual([400, 400, 429]);
    expect((await from('198.51.100.2')).status).toBe(400);
    await server.close();
  });

  test('a client behind the proxy cannot buy submissions by naming other addresses before its own', async () => {
    for (const trustProxy of [['127.0.0.1'], 1]) {
      const server = await startTestServer({
        rateLimitPerMinute: 2,
        trustProxy,
      });
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1)
        statuses.push(
          (
            await putApplication(
              server.baseUrl,
              { personalInfo: {} },
              {
                key: randomUUID(),
                // The proxy appends the address it saw; whatever came before is the client's word.
                headers: {
                  'X-Forwarded-For': `203.0.113.${attempt}, 198.51.100.7`,
                },
              },
            )
          ).status,
        );
      expect(statuses).toEqual([400, 400, 429, 429]);
      await server.close();
    }
  });
});

test('keeps personal data, tokens and searches out of the logs, one JSON object a line', async () => {
  const { lines, stream } = captureLog();
  const server = await startTestServer({
    logger: { ...loggerOptions, stream },
  });
  const sentinel = `zz-sentinel-${randomUUID()}`;
  await putApplication(
    server.baseUrl,
    validApplication({
      firstName: sentinel,
      emailAddress: `${sentinel}@example.com`,
    }),
    { key: randomUUID() },
  );
  await putApplication(
    server.baseUrl,
    {
      ...validApplication({ firstName: sentinel }),
      fields: [
        {
          key: 'single.whatContent',
          value: `${sentinel}\n{"level":60,"msg":"forged"}`,
        },
      ],
    },
    { key: randomUUID() },
  );
  await fetch(`${server.baseUrl}/api/applications?search=${sentinel}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  await fetch(`${server.baseUrl}/api/applications`, {
    headers: { Authorization: 'Bearer wrong-token-value' },
  });
  await server.close();
  const text = lines.join('\n');
  expect(lines.length).toBeGreaterThan(4);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  expect(lines.every((line) => !JSON.parse(line).msg?.includes('forged'))).toBe(
    true,
  );
  expect(text).not.toContain(sentinel);
  expect(text).not.toContain(adminToken);
  expect(text).not.toContain('wrong-token-value');
});
