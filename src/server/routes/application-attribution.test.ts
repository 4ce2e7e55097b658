import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endedJob } from '../../../tests/support/bulk-jobs.ts';
import { readExport } from '../../../tests/support/csv.ts';
import { engines } from '../../../tests/support/databases.ts';
import {
  adminToken,
  exampleConfig,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const asStaff = { authorization: `Bearer ${adminToken}` };

describe.each(engines)('hidden fields and click ids on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({
      engine,
      config: exampleConfig({ hiddenFields: ['partner'] }),
    });
  });
  afterAll(() => server.close());

  const apply = async (
    firstName: string,
    hidden: Record<string, string> | undefined,
    visitSource?: string,
    key = randomUUID(),
  ) =>
    putApplication(
      server.baseUrl,
      {
        ...validApplication({
          firstName,
          emailAddress: `${firstName.toLowerCase()}@example.com`,
        }),
        ...(hidden && { hidden }),
      },
      {
        key,
        headers:
          visitSource === undefined ? {} : { 'Visit-Source': visitSource },
      },
    );
  const idOf = async (response: Response) => {
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const read = (path: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: { ...asStaff, ...init.headers },
    });
  const listed = async (query: string) => {
    const response = await read(`/api/review/applications?${query}`);
    expect(response.status, query).toBe(200);
    return ((await response.json()) as { items: Array<{ id: string }> }).items
      .map((item) => item.id)
      .sort();
  };

  let fromHotel = '';
  let fromBoard = '';
  let direct = '';
  const hotelKey = randomUUID();

  beforeAll(async () => {
    fromHotel = await idOf(
      await apply(
        'Ada',
        { ref: 'hotel-alpenhof', partner: 'tirol' },
        'utmCampaign=winter&gclid=Cj0KCQ-abc',
        hotelKey,
      ),
    );
    fromBoard = await idOf(
      await apply('Grace', { ref: 'regional board' }, 'ttclid=tt.123'),
    );
    direct = await idOf(await apply('Hedy', undefined));
  });

  test('stores each hidden value once, beside the answers, and the click id the visit came with', async () => {
    const stored = await server.repository.get(fromHotel);
    expect(stored?.hidden).toEqual({ ref: 'hotel-alpenhof', partner: 'tirol' });
    expect(stored?.clickId).toBe('gclid=Cj0KCQ-abc');
    expect(stored?.payload).not.toHaveProperty('hidden');
    const none = await server.repository.get(direct);
    expect(none?.hidden).toEqual({});
    expect(none?.clickId).toBeNull();
  });

  test('a retry with the same key and hidden values is the same application; other hidden values are a conflict', async () => {
    const same = await apply(
      'Ada',
      { ref: 'hotel-alpenhof', partner: 'tirol' },
      'utmCampaign=winter&gclid=Cj0KCQ-abc',
      hotelKey,
    );
    expect(same.status).toBe(200);
    expect(((await same.json()) as { id: string }).id).toBe(fromHotel);
    const other = await apply(
      'Ada',
      { ref: 'another-hotel', partner: 'tirol' },
      undefined,
      hotelKey,
    );
    expect(other.status).toBe(409);
  });

  test('the application’s JSON has its hidden values by name and its click id; the source is named by the click', async () => {
    const json = async (id: string) =>
      (await (await read(`/api/review/applications/${id}`)).json()) as {
        hidden: unknown;
        clickId: unknown;
        source: unknown;
      };
    expect(await json(fromHotel)).toMatchObject({
      hidden: { ref: 'hotel-alpenhof', partner: 'tirol' },
      clickId: 'gclid=Cj0KCQ-abc',
      source: { source: 'google', medium: 'cpc', campaign: 'winter' },
    });
    expect(await json(fromBoard)).toMatchObject({
      hidden: { ref: 'regional board' },
      clickId: 'ttclid=tt.123',
      source: { source: 'tiktok', medium: 'cpc', campaign: null },
    });
    expect(await json(direct)).toMatchObject({ hidden: {}, clickId: null });
  });

  test('the inbox filters by hidden.<name>=<value>, several at once, and names a key no hidden field may have', async () => {
    expect(await listed('hidden.ref=hotel-alpenhof')).toEqual([fromHotel]);
    expect(await listed('hidden.ref=regional+board')).toEqual([fromBoard]);
    expect(
      await listed('hidden.ref=hotel-alpenhof&hidden.partner=tirol'),
    ).toEqual([fromHotel]);
    expect(
      await listed('hidden.ref=regional+board&hidden.partner=tirol'),
    ).toEqual([]);
    expect(await listed('hidden.campaign=hotel-alpenhof')).toEqual([]);
    for (const query of ['hidden.Ref=x', 'hidden.=x', 'partner=tirol']) {
      const refused = await read(`/api/review/applications?${query}`);
      expect(refused.status, query).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(
        query.split('=')[0],
      );
    }
  });

  test('a bulk action on a view carries its hidden-field filter', async () => {
    const response = await read('/api/review/applications/stage', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({
        stage: 'shortlisted',
        view: { 'hidden.ref': 'hotel-alpenhof' },
        expected: 1,
      }),
    });
    expect(await endedJob(response, read)).toMatchObject({
      state: 'done',
      moved: 1,
      withdrawn: 0,
    });
    expect(await listed('stage=shortlisted')).toEqual([fromHotel]);
    // The audit names the view by its filter, as the address does.
    const entry = await server.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'stages_moved')
      .executeTakeFirst();
    expect(entry?.detail).toContain(
      'every one matching: hidden.ref hotel-alpenhof',
    );
  });

  test('exports a column per hidden field of the form, named by it, then the click id; a view’s export follows its filter', async () => {
    const csv = readExport(
      await (
        await read('/api/review/applications.csv?hidden.ref=regional+board')
      ).text(),
    );
    // The platforms' reach columns follow; the hidden fields and the click id come as one run.
    const at = csv.keys.indexOf('hidden.ref');
    const attribution = (row: readonly unknown[]) => row.slice(at, at + 3);
    expect(attribution(csv.keys)).toEqual([
      'hidden.ref',
      'hidden.partner',
      'clickId',
    ]);
    expect(attribution(csv.questions)).toEqual(['ref', 'partner', 'Click ID']);
    expect(csv.cells.map((row) => [row[0], ...attribution(row)])).toEqual([
      [fromBoard, 'regional board', '', 'ttclid=tt.123'],
    ]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      await (await read('/api/review/applications.xlsx')).arrayBuffer(),
    );
    const sheet = workbook.getWorksheet('Applications');
    const cells = (row: number) =>
      (sheet?.getRow(row).values as unknown[]).slice(1);
    expect(cells(2)).toEqual(csv.keys);
    // Oldest first: the hotel's application leads.
    expect(attribution(cells(3))).toEqual([
      'hotel-alpenhof',
      'tirol',
      'gclid=Cj0KCQ-abc',
    ]);
  });
});
