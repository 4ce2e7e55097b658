import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import type { WizardConfig } from '#engine/config-schema.ts';
import { readExport } from '../../tests/support/csv.ts';
import type { Engine } from './db/database.ts';
import { engines, scratchDatabase } from '../../tests/support/databases.ts';
import {
  adminToken,
  exampleConfig,
  fakeDist,
  validApplication,
} from '../../tests/support/fixtures.ts';
import { buildApp } from './app.ts';
import { byteOrderMark, csvRecord, withoutFormula } from './csv-export.ts';
import { createFormStore } from './form/form-store.ts';
import { publishForm } from './form/publish-form.ts';
import { createAuditLog } from './staff/audit-log.ts';

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

type Scratch = Awaited<ReturnType<typeof scratchDatabase>>;
type App = Awaited<ReturnType<typeof buildApp>>;
const authorised = { authorization: `Bearer ${adminToken}` };

/** The app over a scratch database, with the review API on. */
async function serve(scratch: Scratch, config = exampleConfig()): Promise<App> {
  return buildApp({
    wizardConfig: config,
    configDirectory: 'config',
    distDirectory: fakeDist(),
    database: await scratch.open(),
    adminToken,
    rateLimitPerMinute: 0,
  });
}

/** Stores an application, which must be accepted; returns its id. */
async function submit(app: App, payload: unknown): Promise<string> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/syncPage/aldmere-creators',
    headers: { 'idempotency-key': randomUUID() },
    payload: payload as object,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

const exportOf = async (app: App) =>
  (await app.inject({ url: '/api/applications.csv', headers: authorised }))
    .body;

describe.each(engines)(
  'export across configuration versions on %s',
  (engine) => {
    test('exports an application stored before the form changed with the questions it was asked', async () => {
      const scratch = await scratchDatabase(engine);
      const before = await serve(scratch);
      await submit(before, validApplication({ firstName: 'Ada' }));
      await before.close();

      // The form is reworded and published as its next version.
      const database = await scratch.open();
      await publishForm(
        {
          store: createFormStore(database, exampleConfig().pageId),
          audit: createAuditLog(database),
        },
        {
          config: reworded(exampleConfig(), 'What story would you tell?'),
          by: 'ada@example.org',
          address: null,
        },
      );
      await database.close();
      const after = await serve(scratch);
      await submit(after, validApplication({ firstName: 'Grace' }));
      const csv = await exportOf(after);
      await after.close();
      await scratch.drop();

      const { questions, keys, cells } = readExport(csv);
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

describe.each(engines)('answers stored readable on %s', (engine) => {
  test('an export reads the answers stored with each application, which read as the application described anew', async () => {
    const scratch = await scratchDatabase(engine);
    const app = await serve(scratch);
    const grace = validApplication({ firstName: 'Grace' });
    grace.personalInfo.phone = { countryCode: '1', subscriber: '2025550123' };
    grace.fields = grace.fields.filter(
      (field) => !field.key.startsWith('single.mediaOutletContributions'),
    );
    for (const payload of [validApplication({ firstName: 'Ada' }), grace])
      await submit(app, payload);
    const database = await scratch.open();
    const stored = await database.db
      .selectFrom('applications')
      .select(['id', 'readable_answers'])
      .execute();
    expect(stored.map((row) => row.readable_answers === null)).toEqual([
      false,
      false,
    ]);
    const fromStored = await exportOf(app);

    await database.db
      .updateTable('applications')
      .set({ readable_answers: null })
      .execute();
    expect(await exportOf(app)).toBe(fromStored);

    // Texts stored under this revision and these columns are what the export writes.
    const [first] = stored as [{ id: string; readable_answers: string }];
    const answers = JSON.parse(first.readable_answers) as { texts: string[] };
    answers.texts = answers.texts.map((text) =>
      text === '' ? text : `${text} (as stored)`,
    );
    await database.db
      .updateTable('applications')
      .set({ readable_answers: JSON.stringify(answers) })
      .where('id', '=', first.id)
      .execute();
    const { keys, cells } = readExport(await exportOf(app));
    const firstNames = cells.map(
      (row) => row[keys.indexOf('personalInfo.firstName')],
    );
    expect(
      firstNames.filter((name) => name?.endsWith(' (as stored)')),
    ).toHaveLength(1);
    await database.close();
    await app.close();
    await scratch.drop();
  });
});

test.skipIf(!engines.includes('postgres'))(
  'the same applications export to the same CSV on SQLite and PostgreSQL',
  async () => {
    const exportOn = async (engine: Engine) => {
      const scratch = await scratchDatabase(engine);
      const app = await serve(scratch);
      const id = await submit(app, {
        ...validApplication(),
        platforms: {
          youtube: { handle: 'ada-channel', followers: '900' },
          tiktok: { followers: '45000', handle: 'ada.tok' },
          instagram: { handle: 'ada.travels', followers: '12000' },
        },
      });
      const read = await app.inject({
        url: `/api/applications/${id}`,
        headers: authorised,
      });
      const csv = await exportOf(app);
      await app.close();
      await scratch.drop();
      const {
        id: _id,
        receivedAt: _receivedAt,
        ...rest
      } = read.json<Record<string, unknown>>();
      const { questions, keys, cells } = readExport(csv);
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
  const app = await serve(scratch);
  for (const text of hostile) {
    const application = validApplication({ firstName: text });
    application.personalInfo.lastName = text;
    application.fields.push({ key: 'single.anythingElse', value: text });
    await submit(app, application);
  }
  const csv = await exportOf(app);
  await app.close();
  await scratch.drop();
  // Split the most suspicious way: at every separator and line break, quotes ignored.
  const runnable = /^[\s"]*[=+\-@＝＋－＠]/u;
  const cells = csv.split(/[;\t\r\n]/);
  expect(cells.filter((cell) => runnable.test(cell))).toEqual([]);
  const { rows } = readExport(csv);
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

test('a phone number alone goes out as written; anything else that starts like a formula is still quoted', () => {
  for (const phone of [
    '+44 7700 900123',
    '+1 202 555 0123',
    '+7 800 555-35-35',
    '+447700900123',
  ])
    expect(withoutFormula(phone)).toBe(phone);
  for (const [hostile, quoted] of <Array<[string, string]>>[
    ['=cmd|" /C calc"!A0', `'=cmd|" /C calc"!A0`],
    ['+44 7700 900123;=1+1', "'+44 7700 900123;'=1+1"],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['+1+1', "'+1+1"],
    ['+44 7700 900123 ext', "'+44 7700 900123 ext"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['+12', "'+12"],
    // A number no numbering plan allows is not taken for a phone.
    ['+0 1234 5678', "'+0 1234 5678"],
  ])
    expect(withoutFormula(hostile)).toBe(quoted);
});

test('a record reads back as the cells it was made of, each cell that holds a separator, quote or line break quoted', () => {
  const texts = [
    'plain',
    'comma, inside',
    'semi;colon',
    'tab\there',
    'quote "here"',
    'two\r\nlines',
    '',
    'Zoë',
  ];
  const received = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
  const record = csvRecord([...texts, null, 12_000, received]);
  expect(record.endsWith('\r\n')).toBe(true);
  expect(record.startsWith('plain,"comma, inside","semi;colon",')).toBe(true);
  expect(parse(byteOrderMark + record, { bom: true })).toEqual([
    [...texts, '', '12000', '2026-01-02T03:04:05.000Z'],
  ]);
});
