import { latestAuditEntries } from '../../../tests/support/audit.ts';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminToken,
  exampleConfig,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { readExport } from '../../../tests/support/csv.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const authorised = { Authorization: `Bearer ${adminToken}` };

describe('review API', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const ids: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    for (const [firstName, emailAddress] of [
      ['Grace', 'grace@navy.example'],
      ['Hedy', 'hedy@films.example'],
      ['Katherine', 'katherine@nasa.example'],
    ] as const) {
      const response = await putApplication(
        server.baseUrl,
        validApplication({ firstName, emailAddress }),
        { key: randomUUID() },
      );
      ids.push(((await response.json()) as { id: string }).id);
    }
  });
  afterAll(() => server.close());

  const get = (path: string, headers: Record<string, string> = authorised) =>
    fetch(`${server.baseUrl}${path}`, { headers });

  test('refuses every review route without the right bearer token, and ignores a token in the URL', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer wrong' },
      { Authorization: 'Bearer ' },
      { Authorization: `bearer ${adminToken}` },
      { Authorization: `Basic ${adminToken}` },
    ];
    for (const headers of attempts) {
      const response = await get('/api/applications', headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: 'unauthorized',
        message: 'A valid bearer token is required.',
      });
    }
    expect(
      (await get(`/api/applications?token=${adminToken}`, {})).status,
    ).toBe(401);
  });

  test('lists newest first with cursor pages and searches name, e-mail and country', async () => {
    const first = (await (await get('/api/applications?limit=2')).json()) as {
      items: Array<{ id: string; name: string }>;
      nextCursor: string;
    };
    expect(first.items.map((item) => item.name)).toEqual([
      'Katherine Lovelace',
      'Hedy Lovelace',
    ]);
    const second = (await (
      await get(`/api/applications?limit=2&cursor=${first.nextCursor}`)
    ).json()) as { items: Array<{ name: string }>; nextCursor: null };
    expect(second).toEqual({
      items: [
        expect.objectContaining({
          name: 'Grace Lovelace',
          email: 'grace@navy.example',
          countryCode: 'GB',
        }),
      ],
      nextCursor: null,
    });
    const search = (await (
      await get('/api/applications?search=FILMS')
    ).json()) as { items: Array<{ name: string }> };
    expect(search.items.map((item) => item.name)).toEqual(['Hedy Lovelace']);
    expect((await get('/api/applications?cursor=not-a-cursor')).status).toBe(
      400,
    );
    expect((await get('/api/applications?limit=1000')).status).toBe(400);
  });

  test('reads one application as it was stored, with every answer under its question', async () => {
    const response = await get(`/api/applications/${ids[0]}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const application = (await response.json()) as {
      answers: Array<{ step: string; answers: Array<{ key: string }> }>;
    };
    expect(application).toEqual({
      id: ids[0],
      pageId: 'aldmere-creators',
      receivedAt: expect.any(String),
      configVersion: expect.stringMatching(/^[0-9a-f]{64}$/),
      payload: {
        ...validApplication({
          firstName: 'Grace',
          emailAddress: 'grace@navy.example',
        }),
        language: 'en',
      },
      source: null,
      hidden: {},
      clickId: null,
      call: { slug: 'aldmere-creators', title: exampleConfig().title },
      eligible: true,
      eligibility: [],
      late: false,
      answers: expect.any(Array),
    });
    const [general, details] = application.answers;
    expect(application.answers.map((step) => step.step)).toEqual([
      'General Information',
      'More Details',
    ]);
    expect(general?.answers).toEqual(
      expect.arrayContaining([
        {
          key: 'personalInfo.phone',
          question: 'Phone Number',
          text: '+44 7700 900123',
          href: 'tel:+447700900123',
        },
        {
          key: 'personalInfo.emailAddress',
          question: 'Email Address',
          text: 'grace@navy.example',
          href: 'mailto:grace@navy.example',
        },
        {
          key: 'personalInfo.countryCode',
          question: 'Country',
          text: 'United Kingdom',
        },
        {
          key: 'platforms.instagram.handle',
          question: 'Instagram',
          text: 'ada.travels',
          href: 'https://www.instagram.com/ada.travels',
        },
        {
          key: 'platforms.instagram.followers',
          question: 'Instagram · Followers',
          text: '12,000',
          isFollowUp: true,
        },
      ]),
    );
    // Every answer the application sent is shown: 5 personal details, Instagram's two, 17 fields.
    expect(general?.answers).toHaveLength(7);
    expect(details?.answers.map((answer) => answer.key)).toEqual(
      validApplication().fields.map((field) => `fields.${field.key}`),
    );
    expect((await get(`/api/applications/${randomUUID()}`)).status).toBe(404);
  });

  test('exports CSV: the questions and their keys as headers, escaping, neutralised formulas, phone numbers as written', async () => {
    const formula = validApplication({
      firstName: '=HYPERLINK("https://evil.example","x")',
      emailAddress: 'formula@example.com',
    });
    formula.fields.push({
      key: 'single.anythingElse',
      value: 'Line one,\n"quoted" @two',
    });
    formula.personalInfo.lastName = '-2+3';
    const response = await putApplication(server.baseUrl, formula, {
      key: randomUUID(),
    });
    expect(response.status).toBe(201);
    const csv = await get('/api/applications.csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const { questions, keys, rows } = readExport(await csv.text());
    expect(questions.slice(0, 8)).toEqual([
      'Application ID',
      'Received at',
      'Form',
      'Call',
      'Language',
      'First Name',
      'Last Name',
      'Phone Number',
    ]);
    expect(keys.slice(0, 8)).toEqual([
      'id',
      'receivedAt',
      'pageId',
      'call',
      'language',
      'personalInfo.firstName',
      'personalInfo.lastName',
      'personalInfo.phone',
    ]);
    expect(rows).toHaveLength(4);
    const exported = rows.find(
      (row) => row['personalInfo.emailAddress'] === 'formula@example.com',
    );
    expect(exported?.['personalInfo.firstName']).toBe(
      '\'=HYPERLINK("https://evil.example","x")',
    );
    expect(exported?.['personalInfo.lastName']).toBe("'-2+3");
    expect(exported?.call).toBe('Creator Application · Visit Aldmere Coast');
    expect(exported?.language).toBe('English');
    expect(exported?.['personalInfo.countryCode']).toBe('United Kingdom');
    expect(exported?.['fields.single.mediaOutletContributions.value']).toBe(
      'Yes',
    );
    expect(exported?.['fields.single.anythingElse']).toBe(
      'Line one,\n"quoted" @two',
    );
    // A phone number alone holds nothing a spreadsheet could run: it goes out as it was written.
    expect(exported?.['personalInfo.phone']).toBe('+44 7700 900123');
    expect(exported?.['fields.single.emergencyContactPhone']).toBe(
      '+44 20 7946 0000',
    );
    expect(
      rows.find((row) => row['personalInfo.firstName'] === 'Grace')?.[
        'fields.single.anythingElse'
      ],
    ).toBe('');
  });

  test('exports the same as an Excel workbook at applications.xlsx, and no other format', async () => {
    const response = await get('/api/applications.xlsx');
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    // A workbook is a zip archive.
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('PK\u0003\u0004');
    expect((await get('/api/applications.pdf')).status).toBe(404);
  });

  /** A new application whose e-mail is a sentinel to look for in the answers and the files. */
  const storeSentinel = async () => {
    const sentinel = `zz-erase-${randomUUID()}@example.com`;
    const { id } = (await (
      await putApplication(
        server.baseUrl,
        validApplication({ emailAddress: sentinel }),
        { key: randomUUID() },
      )
    ).json()) as { id: string };
    return { sentinel, id };
  };
  const erase = (id: string) =>
    fetch(`${server.baseUrl}/api/applications/${id}`, {
      method: 'DELETE',
      headers: authorised,
    });
  const filesHold = (text: string) =>
    [server.sqlitePath, `${server.sqlitePath}-wal`].some(
      (file) => existsSync(file) && readFileSync(file).includes(text),
    );

  test('erases an application everywhere: read, list, export and the database files', async () => {
    const { sentinel, id } = await storeSentinel();
    expect((await erase(id)).status).toBe(204);
    expect((await get(`/api/applications/${id}`)).status).toBe(404);
    expect(
      JSON.stringify(
        await (await get(`/api/applications?search=${sentinel}`)).json(),
      ),
    ).not.toContain(sentinel);
    expect(await (await get('/api/applications.csv')).text()).not.toContain(
      sentinel,
    );
    expect(filesHold(sentinel)).toBe(false);
    expect((await erase(id)).status).toBe(404);
  });

  test('an erasure while an earlier reader is open answers 202 and scrubs the files once the reader ends', async () => {
    const { sentinel, id } = await storeSentinel();
    const reader = new SQLite(server.sqlitePath, { readonly: true });
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM applications').get();
    try {
      const answer = await erase(id);
      expect(answer.status).toBe(202);
      expect(await answer.json()).toMatchObject({ status: 'scrubbing' });
      expect((await get(`/api/applications/${id}`)).status).toBe(404);
      // The reader's snapshot still holds the row: it must be in the files until the reader ends.
      expect(filesHold(sentinel)).toBe(true);
    } finally {
      reader.exec('COMMIT');
      reader.close();
    }
    await expect
      .poll(() => filesHold(sentinel), { timeout: 20_000 })
      .toBe(false);
  });
});

test('review routes do not exist without ADMIN_TOKEN', async () => {
  const server = await startTestServer({ adminToken: undefined });
  for (const [method, path] of [
    ['GET', '/api/applications'],
    ['GET', '/api/applications.csv'],
    ['GET', `/api/applications/${randomUUID()}`],
    ['DELETE', `/api/applications/${randomUUID()}`],
  ] as const) {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { Authorization: 'Bearer anything-at-all-here-123456' },
    });
    expect(response.status).toBe(404);
  }
  await server.close();
});

test('one guard counts wrong tokens to either API: ten a minute from an address, then 429, while the right token passes', async () => {
  const withToken = (
    server: Awaited<ReturnType<typeof startTestServer>>,
    path: string,
    token: string,
  ) =>
    fetch(`${server.baseUrl}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  const minute = () => Math.floor(Date.now() / 60_000);
  // The counts start again each minute: a run that spans two is run again, on a fresh server.
  for (;;) {
    const server = await startTestServer();
    const startedIn = minute();
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      for (const path of ['/api/review/staff', '/api/applications'])
        statuses.push(
          (await withToken(server, path, `guess-${attempt}`)).status,
        );
    // A wrong token never falls back to a session cookie.
    const withCookie = await fetch(`${server.baseUrl}/api/review/session`, {
      headers: { Authorization: 'Bearer wrong', cookie: 'review-session=x' },
    });
    const right = [
      (await withToken(server, '/api/review/staff', adminToken)).status,
      (await withToken(server, '/api/applications', adminToken)).status,
    ];
    await server.close();
    if (minute() !== startedIn) continue;
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    expect(withCookie.status).toBe(429);
    expect(right).toEqual([200, 200]);
    return;
  }
});

test('an export and an erasure through the review API are audited, as in the workspace', async () => {
  const server = await startTestServer();
  const response = await putApplication(server.baseUrl, validApplication(), {
    key: randomUUID(),
  });
  const { id } = (await response.json()) as { id: string };
  expect(
    (
      await fetch(`${server.baseUrl}/api/applications.csv`, {
        headers: authorised,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await fetch(`${server.baseUrl}/api/applications/${id}`, {
        method: 'DELETE',
        headers: authorised,
      })
    ).status,
  ).toBe(204);
  const entries = await latestAuditEntries(server.database, 10);
  expect(
    entries.map(({ actor, action, subject, address, detail }) => ({
      actor,
      action,
      subject,
      address,
      detail,
    })),
  ).toEqual([
    {
      actor: 'api token',
      action: 'erased',
      subject: id,
      address: '127.0.0.1',
      detail:
        'call Creator Application · Visit Aldmere Coast (aldmere-creators)',
    },
    {
      actor: 'api token',
      action: 'exported',
      subject: null,
      address: '127.0.0.1',
      detail: 'every application',
    },
  ]);
  await server.close();
});
