import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { readExport } from '../../tests/support/csv.ts';
import { engines } from '../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../tests/support/fixtures.ts';
import { emailThrough, startSmtpServer } from '../../tests/support/mail.ts';
import { requestAs, staffMember } from '../../tests/support/staff.ts';
import { startTestServer } from '../../tests/support/test-server.ts';

const password = 'a long enough secret';
const publicUrl = 'https://apply.example.org';

/** An export's rows by their keys, whatever the file: the CSV read as text, the workbook's cells as typed. */
type Rows = Array<Record<string, unknown>>;

async function readWorkbook(bytes: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.getWorksheet('Applications');
  if (!sheet) throw new Error('The workbook has no sheet "Applications"');
  const values = (row: number) =>
    (sheet.getRow(row).values as unknown[]).slice(1);
  const keys = values(2) as string[];
  const rows: Rows = [];
  for (let number = 3; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    rows.push(
      Object.fromEntries(
        keys.map((key, index) => [key, row.getCell(index + 1).value]),
      ),
    );
  }
  const types = (name: string) => {
    const row = rows.findIndex(
      (cells) => cells['personalInfo.firstName'] === name,
    );
    return Object.fromEntries(
      keys.map((key, index) => [
        key,
        sheet.getRow(row + 3).getCell(index + 1).type,
      ]),
    );
  };
  return { questions: values(1), keys, rows, types };
}

describe.each(engines)('an export of the Accepted tab on %s', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let ana = '';
  let ben = '';
  let zoe = '';
  let grace = '';

  const as = (cookie: string) => requestAs(server, cookie, publicUrl);
  const submit = async (firstName: string, lastName = 'Lovelace') => {
    const application = validApplication({
      firstName,
      emailAddress: `${randomUUID()}@example.com`,
    });
    application.personalInfo.lastName = lastName;
    const response = await putApplication(server.baseUrl, application, {
      key: randomUUID(),
    });
    return ((await response.json()) as { id: string }).id;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      engine,
      publicUrl,
      messaging: emailThrough(smtp),
    });
    ana = await staffMember(
      server,
      'ana@example.org',
      'reviewer',
      password,
      publicUrl,
    );
    ben = await staffMember(
      server,
      'ben@example.org',
      'reviewer',
      password,
      publicUrl,
    );
    zoe = await submit('Zoë', '=cmd|" /C calc"!A0');
    grace = await submit('Grace');
    const hedy = await submit('Hedy');
    const byAna = as(ana);
    for (const id of [zoe, grace])
      await byAna('POST', `/api/review/applications/${id}/stage`, {
        stage: 'accepted',
      });
    await byAna('POST', `/api/review/applications/${hedy}/stage`, {
      stage: 'declined',
    });
    await byAna('POST', '/api/review/applications/tags', {
      ids: [zoe],
      add: ['food', 'coast'],
    });
    await byAna('PUT', `/api/review/applications/${zoe}/vote`, { value: 1 });
    await as(ben)('PUT', `/api/review/applications/${zoe}/vote`, { value: 1 });
    await as(ben)('PUT', `/api/review/applications/${grace}/vote`, {
      value: -1,
    });
    await byAna('POST', `/api/review/applications/${zoe}/notes`, {
      body: 'Strong portfolio.',
    });
    await as(ben)('POST', `/api/review/applications/${zoe}/notes`, {
      body: 'Budget agreed;\n=1+1 nights',
    });
    // As the look-up's worker records Instagram's own count.
    await sql`update reach_checks set status = 'verified', verified = 9500 where application_id = ${zoe}`.execute(
      server.database.db,
    );
    const sent = await byAna(
      'POST',
      `/api/review/applications/${zoe}/messages`,
      {
        stage: 'accepted',
        subject: 'Welcome aboard',
        body: 'Hello Zoë',
      },
    );
    expect(sent.status).toBe(202);
    await vi.waitFor(
      async () => {
        const row = await server.database.db
          .selectFrom('outbox')
          .select('status')
          .where('purpose', '=', 'decision_accepted')
          .executeTakeFirst();
        expect(row?.status).toBe('sent');
      },
      { timeout: 10_000, interval: 50 },
    );
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const exportOf = (format: 'csv' | 'xlsx') =>
    as(ana)('GET', `/api/review/applications.${format}?stage=accepted`);
  const movedAt = async (id: string) =>
    (
      await server.database.db
        .selectFrom('stage_moves')
        .select('at')
        .where('application_id', '=', id)
        .executeTakeFirstOrThrow()
    ).at;

  test('as CSV: each row carries its stage, tags, votes, notes and decision e-mail, after the answers, for Excel to read as UTF-8', async () => {
    const response = await exportOf('csv');
    expect(response.headers.get('content-type')).toBe(
      'text/csv; charset=utf-8',
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { keys, rows } = readExport(bytes.toString('utf8'));
    expect(keys.slice(-17)).toEqual([
      'review.stage',
      'review.stageMovedAt',
      'review.tags',
      'review.netVotes',
      'review.votes',
      'review.notes',
      'review.decisionEmail',
      'review.decisionEmailSentAt',
      'source',
      'medium',
      'campaign',
      'hidden.ref',
      'clickId',
      'reach.instagram.stated',
      'reach.instagram.verified',
      'reach.youtube.stated',
      'reach.youtube.verified',
    ]);
    expect(rows.map((row) => row['personalInfo.firstName'])).toEqual([
      'Zoë',
      'Grace',
    ]);
    const [first, second] = rows;
    expect(first).toMatchObject({
      'personalInfo.phone': '+44 7700 900123',
      'personalInfo.lastName': `'=cmd|" /C calc"!A0`,
      'review.stage': 'Accepted',
      'review.stageMovedAt': await movedAt(zoe),
      'review.tags': 'coast, food',
      'review.netVotes': '2',
      'review.votes': 'ana@example.org +1, ben@example.org +1',
      'review.decisionEmail': 'Sent (Accepted)',
      'reach.instagram.stated': '12000',
      'reach.instagram.verified': '9500',
      'reach.youtube.stated': '',
      'reach.youtube.verified': '',
    });
    expect(first?.['review.notes']).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d UTC, ana@example.org: Strong portfolio\.\n\n\d{4}-\d\d-\d\d \d\d:\d\d UTC, ben@example.org: Budget agreed;\n'=1\+1 nights$/,
    );
    expect(Date.parse(first?.['review.decisionEmailSentAt'] ?? '')).not.toBe(
      Number.NaN,
    );
    expect(second).toMatchObject({
      'review.stage': 'Accepted',
      'review.stageMovedAt': await movedAt(grace),
      'review.tags': '',
      'review.netVotes': '-1',
      'review.votes': 'ben@example.org -1',
      'review.notes': '',
      'review.decisionEmail': 'Not sent',
      'review.decisionEmailSentAt': '',
      // Not verified (yet): the stated count alone.
      'reach.instagram.stated': '12000',
      'reach.instagram.verified': '',
    });
  });

  test('as a workbook: the same columns, with text as text, dates as dates and counts as numbers', async () => {
    const response = await exportOf('xlsx');
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="applications-\d{4}-\d\d-\d\d\.xlsx"$/,
    );
    const workbook = await readWorkbook(await response.arrayBuffer());
    const csv = readExport(
      Buffer.from(await (await exportOf('csv')).arrayBuffer()).toString('utf8'),
    );
    // One list of columns for both files.
    expect(workbook.questions).toEqual(csv.questions);
    expect(workbook.keys).toEqual(csv.keys);
    const [first, second] = workbook.rows;
    expect(first).toMatchObject({
      'personalInfo.firstName': 'Zoë',
      // Typed text: nothing is run, so nothing needs a quote in front.
      'personalInfo.lastName': '=cmd|" /C calc"!A0',
      'personalInfo.phone': '+44 7700 900123',
      'review.stage': 'Accepted',
      'review.stageMovedAt': new Date(await movedAt(zoe)),
      'review.tags': 'coast, food',
      'review.netVotes': 2,
      'review.votes': 'ana@example.org +1, ben@example.org +1',
      'review.decisionEmail': 'Sent (Accepted)',
      'reach.instagram.stated': 12_000,
      'reach.instagram.verified': 9_500,
    });
    expect(first?.['review.notes']).toMatch(
      /ben@example.org: Budget agreed;\n=1\+1 nights$/,
    );
    expect(first?.['receivedAt']).toBeInstanceOf(Date);
    expect(first?.['review.decisionEmailSentAt']).toBeInstanceOf(Date);
    expect(second).toMatchObject({
      'personalInfo.firstName': 'Grace',
      'review.netVotes': -1,
      'review.decisionEmail': 'Not sent',
      'review.decisionEmailSentAt': null,
      'reach.instagram.stated': 12_000,
      'reach.instagram.verified': null,
    });
    const types = workbook.types('Zoë');
    expect(types).toMatchObject({
      'personalInfo.phone': ExcelJS.ValueType.String,
      'personalInfo.lastName': ExcelJS.ValueType.String,
      receivedAt: ExcelJS.ValueType.Date,
      'review.stageMovedAt': ExcelJS.ValueType.Date,
      'review.netVotes': ExcelJS.ValueType.Number,
      'reach.instagram.verified': ExcelJS.ValueType.Number,
    });
  });

  test('exports the selected applications as a workbook when asked, and audits the format', async () => {
    const response = await as(ana)('POST', '/api/review/applications/export', {
      ids: [grace],
      format: 'xlsx',
    });
    const { rows } = await readWorkbook(await response.arrayBuffer());
    expect(rows.map((row) => row['id'])).toEqual([grace]);
    const [entry] = await server.database.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', 'exported')
      .orderBy('at', 'desc')
      .limit(1)
      .execute();
    expect(entry).toEqual({
      actor: 'ana@example.org',
      detail:
        '1 selected; call Creator Application · Visit Aldmere Coast (aldmere-creators) (xlsx)',
    });
    const refused = await as(ana)('GET', '/api/review/applications.pdf');
    expect(refused.status).toBe(400);
  });
});
