import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultTexts } from '#engine/texts.ts';
import { engines } from '../../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

describe.each(engines)('PUT /api/syncPage/:pageId on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  test('stores a new application: 201 with id and receivedAt', async () => {
    const before = await server.repository.count();
    const response = await putApplication(server.baseUrl, validApplication(), {
      key: randomUUID(),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; receivedAt: string };
    expect(Object.keys(body).sort()).toEqual(['id', 'receivedAt']);
    expect(new Date(body.receivedAt).toISOString()).toBe(body.receivedAt);
    expect(await server.repository.count()).toBe(before + 1);
    expect((await server.repository.get(body.id))?.payload).toEqual({
      ...validApplication(),
      // Named by no page, the form's own.
      language: 'en',
    });
  });

  test('refuses a NUL or half a character pair in any answer with a 400 naming it as the form does, storing nothing', async () => {
    const before = await server.repository.count();
    const withNul = validApplication({ firstName: 'Ada\u0000' });
    const withHalfPair = validApplication();
    withHalfPair.fields[0] = {
      key: 'single.whatContent',
      value: 'Food \uD83C and travel',
    };
    for (const [body, path] of [
      [withNul, 'personalInfo.firstName'],
      [withHalfPair, 'fields.single.whatContent'],
    ] as const) {
      const response = await putApplication(server.baseUrl, body, {
        key: randomUUID(),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        issues: [{ path, message: defaultTexts.unstorableText }],
      });
    }
    expect(await server.repository.count()).toBe(before);
  });

  test('takes a province for Canada and a state for the United States, never one for the other', async () => {
    const inCountry = (countryCode: string, provinceCode: string) => {
      const application = validApplication();
      Object.assign(application.personalInfo, { countryCode, provinceCode });
      return application;
    };
    const accepted = await putApplication(
      server.baseUrl,
      inCountry('CA', 'ON'),
      { key: randomUUID() },
    );
    expect(accepted.status).toBe(201);
    const { id } = (await accepted.json()) as { id: string };
    expect(
      (await server.repository.get(id))?.payload.personalInfo,
    ).toMatchObject({ countryCode: 'CA', provinceCode: 'ON' });
    for (const [countryCode, provinceCode] of [
      ['CA', 'TX'],
      ['US', 'ON'],
    ] as const) {
      const refused = await putApplication(
        server.baseUrl,
        inCountry(countryCode, provinceCode),
        { key: randomUUID() },
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        issues: [{ path: 'personalInfo.provinceCode' }],
      });
    }
  });

  test('replays the same key and body: 200 with the same answer, one row', async () => {
    const key = randomUUID();
    const first = await (
      await putApplication(server.baseUrl, validApplication(), { key })
    ).json();
    const before = await server.repository.count();
    const replay = await putApplication(server.baseUrl, validApplication(), {
      key,
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(first);
    expect(await server.repository.count()).toBe(before);
  });

  test('refuses the same key with another application: 409, first one kept', async () => {
    const key = randomUUID();
    const first = (await (
      await putApplication(server.baseUrl, validApplication(), { key })
    ).json()) as { id: string };
    const conflict = await putApplication(
      server.baseUrl,
      validApplication({ firstName: 'Eve' }),
      { key },
    );
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ error: 'conflict' });
    expect(
      (await server.repository.get(first.id))?.payload.personalInfo.firstName,
    ).toBe('Ada');
  });

  test('refuses each rule of the browser with a 400 naming the field path', async () => {
    const application = validApplication({
      emailAddress: 'ada@localhost',
      firstName: '   ',
    });
    application.platforms = {
      instagram: { handle: 'instagram.com/ada', followers: '12k' },
    };
    application.fields = application.fields.filter(
      (field) => field.key !== 'single.flexibleDates.value',
    );
    const response = await putApplication(server.baseUrl, application, {
      key: randomUUID(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'validation',
      issues: [
        { path: 'personalInfo.firstName', message: 'This field is required' },
        {
          path: 'personalInfo.emailAddress',
          message: 'Enter a valid email address',
        },
        {
          path: 'platforms.instagram.handle',
          message: 'Enter your username only',
        },
        {
          path: 'platforms.instagram.followers',
          message: 'Enter a valid number',
        },
        { path: 'platforms.filled', message: 'Fill at least one platform' },
        {
          path: 'fields.single.flexibleDates.value',
          message: 'Choose Yes or No',
        },
      ],
    });
  });

  test('refuses a body of the wrong shape before reading any answer, naming each path', async () => {
    const application = validApplication();
    const cases: Array<[unknown, Array<{ path: string; message: string }>]> = [
      [[], [{ path: '(body)', message: 'Expected an object' }]],
      [
        {
          ...application,
          personalInfo: {
            ...application.personalInfo,
            firstName: 5,
            phone: { countryCode: 44, subscriber: '1' },
          },
          fields: [...application.fields, { key: 'single.whatContent' }],
        },
        [
          {
            path: 'personalInfo.firstName',
            message: 'Expected text or an object of texts',
          },
          {
            path: 'personalInfo.phone',
            message: 'Expected text or an object of texts',
          },
          { path: 'personalInfo.phone.countryCode', message: 'Expected text' },
          {
            path: `fields[${application.fields.length}].value`,
            message: 'Missing',
          },
        ],
      ],
      [
        { ...application, platforms: { instagram: 'ada' } },
        [{ path: 'platforms.instagram', message: 'Expected an object' }],
      ],
    ];
    for (const [body, issues] of cases) {
      const response = await putApplication(server.baseUrl, body, {
        key: randomUUID(),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'validation', issues });
    }
  });

  test('refuses unknown keys, an id chosen by the client and a missing follow-up', async () => {
    const application = {
      ...validApplication(),
      id: 'mine',
      receivedAt: '2020-01-01T00:00:00.000Z',
    };
    application.fields = application.fields.filter(
      (field) => field.key !== 'single.mediaOutletContributions.text',
    );
    const response = await putApplication(server.baseUrl, application, {
      key: randomUUID(),
    });
    expect(response.status).toBe(400);
    expect(
      (
        (await response.json()) as { issues: Array<{ path: string }> }
      ).issues.map((issue) => issue.path),
    ).toEqual(['id', 'receivedAt']);
    const second = await putApplication(
      server.baseUrl,
      { ...validApplication(), fields: application.fields },
      { key: randomUUID() },
    );
    expect(await second.json()).toEqual({
      error: 'validation',
      issues: [
        {
          path: 'fields.single.mediaOutletContributions.text',
          message: 'This field is required',
        },
      ],
    });
  });

  test('does not cache a validation failure: the corrected application then stores under the same key', async () => {
    const key = randomUUID();
    expect(
      (await putApplication(server.baseUrl, { personalInfo: {} }, { key }))
        .status,
    ).toBe(400);
    expect(
      (await putApplication(server.baseUrl, validApplication(), { key }))
        .status,
    ).toBe(201);
  });

  test('asks for one UUID in Idempotency-Key', async () => {
    const before = await server.repository.count();
    for (const key of [
      undefined,
      'abc',
      'x'.repeat(300),
      `${randomUUID()}, ${randomUUID()}`,
    ]) {
      const response = await putApplication(
        server.baseUrl,
        validApplication(),
        key === undefined ? {} : { key },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'validation',
        issues: [
          {
            path: 'Idempotency-Key',
            message: 'Send one UUID in the Idempotency-Key header',
          },
        ],
      });
    }
    expect(await server.repository.count()).toBe(before);
  });

  test('answers 404 for an unknown page', async () => {
    const response = await putApplication(server.baseUrl, validApplication(), {
      key: randomUUID(),
      pageId: 'another-page',
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });

  test('answers 413 past 64 KiB and accepts a body just under it', async () => {
    const big = validApplication();
    big.fields.push({ key: 'single.anythingElse', value: 'x'.repeat(70_000) });
    const tooLarge = await putApplication(server.baseUrl, big, {
      key: randomUUID(),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      error: 'payload_too_large',
      message: 'The application is larger than 64 KiB.',
    });
    const padded = JSON.stringify(validApplication()).replace(
      /}$/,
      `${' '.repeat(65_536 - JSON.stringify(validApplication()).length - 1)}}`,
    );
    expect(Buffer.byteLength(padded)).toBe(65_535);
    expect(
      (await putApplication(server.baseUrl, padded, { key: randomUUID() }))
        .status,
    ).toBe(201);
  });

  test('answers 415 for a body that is not JSON', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await putApplication(server.baseUrl, 'a=1', {
        key: randomUUID(),
        headers: { 'Content-Type': type },
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        error: 'unsupported_media_type',
        message: 'Send the application as application/json.',
      });
    }
  });

  test('answers malformed JSON and prototype poisoning with a 400 and never a 5xx', async () => {
    for (const body of [
      '{"personalInfo":',
      '{"__proto__":{"polluted":true}}',
      '{"personalInfo":{"constructor":{"prototype":{"polluted":true}}}}',
      'null',
      '[]',
      '"text"',
      '1e308',
    ]) {
      const response = await putApplication(server.baseUrl, body, {
        key: randomUUID(),
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(
        /^application\/json/,
      );
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('accepts a filled honeypot silently and stores nothing', async () => {
    const before = await server.repository.count();
    const response = await putApplication(
      server.baseUrl,
      { ...validApplication(), honeypot: 'https://spam.example' },
      { key: randomUUID() },
    );
    expect(response.status).toBe(201);
    expect(Object.keys((await response.json()) as object).sort()).toEqual([
      'id',
      'receivedAt',
    ]);
    expect(await server.repository.count()).toBe(before);
  });

  test('stores 50 concurrent identical submissions once', async () => {
    const key = randomUUID();
    const before = await server.repository.count();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        putApplication(server.baseUrl, validApplication(), { key }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(49);
    expect(
      new Set(
        await Promise.all(
          responses.map(
            async (response) => ((await response.json()) as { id: string }).id,
          ),
        ),
      ).size,
    ).toBe(1);
    expect(await server.repository.count()).toBe(before + 1);
  });
});

describe('rate limit on submissions', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ rateLimitPerMinute: 20 });
  });
  afterAll(() => server.close());

  test('lets 20 submissions a minute through per address, then answers 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt += 1)
      statuses.push(
        (
          await putApplication(
            server.baseUrl,
            { personalInfo: {} },
            { key: randomUUID() },
          )
        ).status,
      );
    expect(statuses.filter((status) => status !== 429)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    const limited = await putApplication(server.baseUrl, validApplication(), {
      key: randomUUID(),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(
      1,
    );
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' });
  });

  test('never spends the submission budget on page loads', async () => {
    const fresh = await startTestServer({ rateLimitPerMinute: 2 });
    for (let load = 0; load < 30; load += 1)
      await (await fetch(`${fresh.baseUrl}/`)).text();
    expect(
      (
        await putApplication(fresh.baseUrl, validApplication(), {
          key: randomUUID(),
        })
      ).status,
    ).toBe(201);
    await fresh.close();
  });
});
