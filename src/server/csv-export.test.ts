import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { WizardConfig } from '#engine/config-schema.ts';
import { readExport } from '../../tests/support/csv.ts';
import { engines, scratchDatabase } from '../../tests/support/databases.ts';
import {
  adminToken,
  exampleConfig,
  fakeDist,
  validApplication,
} from '../../tests/support/fixtures.ts';
import { buildApp } from './app.ts';

/** The example with the first question of More Details worded anew. */
function reworded(config: WizardConfig, label: string): WizardConfig {
  return {
    ...config,
    steps: config.steps.map((step) => ({
      ...step,
      blocks: step.blocks.map((block) =>
        block.component === 'textInput' &&
        block.data.path === 'fields.single.whatContent'
          ? { ...block, data: { ...block.data, label } }
          : block,
      ),
    })),
  };
}

describe.each(engines)(
  'export across configuration versions on %s',
  (engine) => {
    test('exports an application stored before the form changed with the questions it was asked', async () => {
      const scratch = await scratchDatabase(engine);
      const dist = fakeDist();
      const serve = async (config: WizardConfig) =>
        buildApp({
          wizardConfig: config,
          configDirectory: 'config',
          distDirectory: dist,
          database: await scratch.open(),
          adminToken,
          rateLimitPerMinute: 0,
        });
      const send = async (
        app: Awaited<ReturnType<typeof serve>>,
        firstName: string,
      ) => {
        const response = await app.inject({
          method: 'PUT',
          url: '/api/syncPage/aldmere-creators',
          headers: { 'idempotency-key': randomUUID() },
          payload: validApplication({ firstName }),
        });
        expect(response.statusCode).toBe(201);
      };
      const before = await serve(exampleConfig());
      await send(before, 'Ada');
      await before.close();

      const after = await serve(
        reworded(exampleConfig(), 'What story would you tell?'),
      );
      await send(after, 'Grace');
      const csv = await after.inject({
        method: 'GET',
        url: '/api/applications.csv',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      await after.close();
      await scratch.drop();

      const { questions, keys, cells } = readExport(csv.body);
      const whatContent = keys.flatMap((key, index) =>
        key === 'fields.single.whatContent' ? [index] : [],
      );
      // Today's wording leads; the earlier one follows as a column of its own.
      expect(whatContent.map((index) => questions[index])).toEqual([
        'What story would you tell?',
        'What content angle or interest would you bring?',
      ]);
      const answersOf = (name: string) => {
        const row = cells.find((row) => row.includes(name)) ?? [];
        return whatContent.map((index) => row[index]);
      };
      expect(answersOf('Ada')).toEqual(['', 'Food and slow travel']);
      expect(answersOf('Grace')).toEqual(['Food and slow travel', '']);
    });
  },
);

test.skipIf(!engines.includes('postgres'))(
  'the same applications export to the same CSV on SQLite and PostgreSQL',
  async () => {
    const exportOn = async (engine: 'sqlite' | 'postgres') => {
      const scratch = await scratchDatabase(engine);
      const app = await buildApp({
        wizardConfig: exampleConfig(),
        configDirectory: 'config',
        distDirectory: fakeDist(),
        database: await scratch.open(),
        adminToken,
        rateLimitPerMinute: 0,
      });
      const application = {
        ...validApplication(),
        platforms: {
          youtube: { handle: 'ada-channel', followers: '900' },
          tiktok: { followers: '45000', handle: 'ada.tok' },
          instagram: { handle: 'ada.travels', followers: '12000' },
        },
      };
      const stored = await app.inject({
        method: 'PUT',
        url: '/api/syncPage/aldmere-creators',
        headers: { 'idempotency-key': randomUUID() },
        payload: application,
      });
      expect(stored.statusCode).toBe(201);
      const { id } = stored.json<{ id: string }>();
      const read = await app.inject({
        url: `/api/applications/${id}`,
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const csv = await app.inject({
        url: '/api/applications.csv',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      await app.close();
      await scratch.drop();
      const {
        id: _id,
        receivedAt: _receivedAt,
        ...rest
      } = read.json<Record<string, unknown>>();
      const { questions, keys, cells } = readExport(csv.body);
      return {
        read: JSON.stringify(rest),
        csv: [questions, keys, ...cells.map((row) => row.slice(2))],
      };
    };
    const [sqlite, postgres] = [
      await exportOn('sqlite'),
      await exportOn('postgres'),
    ];
    expect(postgres.csv).toEqual(sqlite.csv);
    expect(postgres.read).toBe(sqlite.read);
  },
);

test('no cell of the export can run as a formula, whichever separator the spreadsheet splits on', async () => {
  const hostile = [
    '＝HYPERLINK("https://evil.example","x")',
    'Food;=1+1',
    ' =1+1',
    '\t=1+1',
    'Slow\t=1+1',
    '＠SUM(A1)',
    '－2+3',
    '＋44 20 7946 0000',
  ];
  const scratch = await scratchDatabase('sqlite');
  const app = await buildApp({
    wizardConfig: exampleConfig(),
    configDirectory: 'config',
    distDirectory: fakeDist(),
    database: await scratch.open(),
    adminToken,
    rateLimitPerMinute: 0,
  });
  for (const text of hostile) {
    const application = validApplication({ firstName: text });
    application.personalInfo.lastName = text;
    application.fields.push({ key: 'single.anythingElse', value: text });
    const stored = await app.inject({
      method: 'PUT',
      url: '/api/syncPage/aldmere-creators',
      headers: { 'idempotency-key': randomUUID() },
      payload: application,
    });
    expect(stored.statusCode).toBe(201);
  }
  const csv = await app.inject({
    url: '/api/applications.csv',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  await app.close();
  // Split the most suspicious way: at every separator and line break, quotes ignored.
  const runnable = /^[\s"]*[=+\-@＝＋－＠]/u;
  const cells = csv.body.split(/[;\t\r\n]/);
  expect(cells.filter((cell) => runnable.test(cell))).toEqual([]);
  const { rows } = readExport(csv.body);
  expect(rows.map((row) => row['fields.single.anythingElse']).sort()).toEqual(
    [
      '\'＝HYPERLINK("https://evil.example","x")',
      "Food;'=1+1",
      // Answers are stored trimmed.
      "'=1+1",
      "'=1+1",
      "Slow\t'=1+1",
      "'＠SUM(A1)",
      "'－2+3",
      "'＋44 20 7946 0000",
    ].sort(),
  );
});
