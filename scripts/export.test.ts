import { latestAuditEntries } from '../tests/support/audit.ts';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readExport } from '../tests/support/csv.ts';
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
