import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminToken,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
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

  test('reads one application exactly as it was stored', async () => {
    const response = await get(`/api/applications/${ids[0]}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      id: ids[0],
      pageId: 'aldmere-creators',
      receivedAt: expect.any(String),
      payload: validApplication({
        firstName: 'Grace',
        emailAddress: 'grace@navy.example',
      }),
    });
    expect((await get(`/api/applications/${randomUUID()}`)).status).toBe(404);
  });

  test('exports CSV: a column per field key seen, escaping, neutralised formulas', async () => {
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
    const rows = parse(await csv.text(), { columns: true }) as Array<
      Record<string, string>
    >;
    expect(rows).toHaveLength(4);
    const exported = rows.find(
      (row) => row['personalInfo.emailAddress'] === 'formula@example.com',
    );
    expect(exported?.['personalInfo.firstName']).toBe(
      '\'=HYPERLINK("https://evil.example","x")',
    );
    expect(exported?.['personalInfo.lastName']).toBe("'-2+3");
    expect(exported?.['fields.single.anythingElse']).toBe(
      'Line one,\n"quoted" @two',
    );
    expect(exported?.['fields.single.emergencyContactPhone']).toBe(
      "'+44 20 7946 0000",
    );
    expect(
      rows.find((row) => row['personalInfo.firstName'] === 'Grace')?.[
        'fields.single.anythingElse'
      ],
    ).toBe('');
  });

  test('erases an application everywhere: read, list, export and the database files', async () => {
    const sentinel = `zz-erase-${randomUUID()}@example.com`;
    const { id } = (await (
      await putApplication(
        server.baseUrl,
        validApplication({ emailAddress: sentinel }),
        { key: randomUUID() },
      )
    ).json()) as { id: string };
    const erase = await fetch(`${server.baseUrl}/api/applications/${id}`, {
      method: 'DELETE',
      headers: authorised,
    });
    expect(erase.status).toBe(204);
    expect((await get(`/api/applications/${id}`)).status).toBe(404);
    expect(
      JSON.stringify(
        await (await get(`/api/applications?search=${sentinel}`)).json(),
      ),
    ).not.toContain(sentinel);
    expect(await (await get('/api/applications.csv')).text()).not.toContain(
      sentinel,
    );
    for (const file of [server.sqlitePath, `${server.sqlitePath}-wal`])
      if (existsSync(file))
        expect(readFileSync(file).includes(sentinel)).toBe(false);
    expect(
      (
        await fetch(`${server.baseUrl}/api/applications/${id}`, {
          method: 'DELETE',
          headers: authorised,
        })
      ).status,
    ).toBe(404);
  });

  test('answers 429 after ten wrong tokens a minute from one address', async () => {
    const fresh = await startTestServer();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      statuses.push(
        (
          await fetch(`${fresh.baseUrl}/api/applications`, {
            headers: { Authorization: `Bearer guess-${attempt}` },
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    await fresh.close();
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
