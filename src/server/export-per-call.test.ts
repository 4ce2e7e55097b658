import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callServed } from '../../tests/support/calls.ts';
import { readExport } from '../../tests/support/csv.ts';
import { engines } from '../../tests/support/databases.ts';
import {
  exampleConfig,
  putApplication,
  validApplication,
} from '../../tests/support/fixtures.ts';
import { requestAs, staffMember } from '../../tests/support/staff.ts';
import { startTestServer } from '../../tests/support/test-server.ts';

const winter = { slug: 'winter-food', title: 'Winter food trail' };

describe.each(engines)('an export of one call on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let as: ReturnType<typeof requestAs>;

  const apply = async (slug: string, firstName: string) => {
    const response = await putApplication(
      server.baseUrl,
      validApplication({
        firstName,
        emailAddress: `${firstName.toLowerCase()}@example.com`,
      }),
      { pageId: slug, key: randomUUID() },
    );
    return ((await response.json()) as { id: string }).id;
  };

  beforeAll(async () => {
    server = await startTestServer({ engine, formPollMs: 50 });
    as = requestAs(
      server,
      await staffMember(server, 'ana@example.org', 'reviewer', 'a long secret'),
    );
    await callServed(server, { ...winter, config: exampleConfig() });
  });
  afterAll(() => server.close());

  test('holds only that call’s applications, each with its call’s title, and the audit names the call', async () => {
    const ada = await apply(winter.slug, 'Ada');
    const hedy = await apply(winter.slug, 'Hedy');
    const grace = await apply(exampleConfig().pageId, 'Grace');

    const csv = await as(
      'GET',
      `/api/review/applications.csv?call=${winter.slug}`,
    );
    expect(csv.status).toBe(200);
    const { questions, keys, rows } = readExport(await csv.text());
    expect(questions.slice(0, 4)).toEqual([
      'Application ID',
      'Received at',
      'Form',
      'Call',
    ]);
    expect(keys.slice(0, 4)).toEqual(['id', 'receivedAt', 'pageId', 'call']);
    expect(rows.map((row) => [row['id'], row['call']])).toEqual([
      [ada, winter.title],
      [hedy, winter.title],
    ]);

    const everyCall = readExport(
      await (await as('GET', '/api/review/applications.csv')).text(),
    );
    expect(
      Object.fromEntries(everyCall.rows.map((row) => [row['id'], row['call']])),
    ).toEqual({
      [ada]: winter.title,
      [hedy]: winter.title,
      [grace]: 'Creator Application · Visit Aldmere Coast',
    });

    const xlsx = await as(
      'GET',
      `/api/review/applications.xlsx?call=${winter.slug}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet('Applications');
    expect(sheet?.getRow(2).getCell(4).value).toBe('call');
    expect(
      [3, 4, 5].map((row) => sheet?.getRow(row).getCell(4).value ?? null),
    ).toEqual([winter.title, winter.title, null]);

    const entries = await server.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'exported')
      .execute();
    expect(entries.map((entry) => entry.detail).sort()).toEqual([
      'call Winter food trail (winter-food)',
      'call Winter food trail (winter-food) (xlsx)',
      'every application',
    ]);
  });
});
