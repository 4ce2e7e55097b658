import { latestAuditEntries } from '../tests/support/audit.ts';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import { readExport } from '../tests/support/csv.ts';
import { readmeCommands } from '../tests/support/readme.ts';
import { putApplication, validApplication } from '../tests/support/fixtures.ts';
import { startTestServer } from '../tests/support/test-server.ts';

test('npm run export writes the same CSV as the review API, and both are audited', async () => {
  const server = await startTestServer();
  await putApplication(server.baseUrl, validApplication(), {
    key: randomUUID(),
  });
  await putApplication(
    server.baseUrl,
    validApplication({ firstName: 'Grace' }),
    { key: randomUUID() },
  );
  const out = join(
    mkdtempSync(join(tmpdir(), 'wizard-export-')),
    'applications.csv',
  );
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/export.ts', '--out', out],
    {
      env: { ...process.env, SQLITE_PATH: server.sqlitePath },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(result.stderr).toBe('');
  expect(result.stdout).toBe(`Exported 2 applications to ${out}\n`);
  // Bytes, not text: decoding would take off the byte-order mark both must carry.
  const fromApi = Buffer.from(
    await (
      await fetch(`${server.baseUrl}/api/applications.csv`, {
        headers: { Authorization: 'Bearer test-admin-token-0123456789abcdef' },
      })
    ).arrayBuffer(),
  );
  expect(readFileSync(out).equals(fromApi)).toBe(true);
  expect([...fromApi.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(
    readExport(fromApi.toString('utf8')).rows.map(
      (row) => row['personalInfo.firstName'],
    ),
  ).toEqual(['Ada', 'Grace']);
  // Each export is in the audit log, whichever way it was made.
  expect(
    (await latestAuditEntries(server.database, 5)).map((entry) => [
      entry.actor,
      entry.action,
    ]),
  ).toEqual([
    ['api token', 'exported'],
    ['command line', 'exported'],
  ]);
  await server.close();
});

test('npm run export explains its usage without --out', () => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/export.ts'],
    { encoding: 'utf8', timeout: 60_000 },
  );
  expect(result.status).toBe(2);
  expect(result.stderr).toBe(
    'Usage: npm run export -- --out applications.csv [--format csv|xlsx]\n',
  );
});

test("the README's export commands write the CSV and the workbook, the same applications in each", async () => {
  const server = await startTestServer();
  await putApplication(server.baseUrl, validApplication({ firstName: 'Zoë' }), {
    key: randomUUID(),
  });
  const folder = mkdtempSync(join(tmpdir(), 'wizard-export-'));
  const commands = readmeCommands('## Review API').filter((line) =>
    line.startsWith('npm run export -- '),
  );
  expect(commands).toHaveLength(2);
  for (const command of commands) {
    // Run as written, but writing into a scratch folder.
    const args = command
      .replace('npm run export -- ', '')
      .split(' ')
      .map((arg) =>
        arg.startsWith('applications.') ? join(folder, arg) : arg,
      );
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/export.ts', ...args],
      {
        env: { ...process.env, SQLITE_PATH: server.sqlitePath },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Exported 1 applications to /);
  }
  await server.close();
  const csv = readExport(
    readFileSync(join(folder, 'applications.csv'), 'utf8'),
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(join(folder, 'applications.xlsx'));
  const sheet = workbook.getWorksheet('Applications');
  expect((sheet?.getRow(2).values as unknown[]).slice(1)).toEqual(csv.keys);
  const names = csv.keys.indexOf('personalInfo.firstName') + 1;
  expect(sheet?.getRow(3).getCell(names).value).toBe('Zoë');
  expect(csv.rows.map((row) => row['personalInfo.firstName'])).toEqual(['Zoë']);
});
