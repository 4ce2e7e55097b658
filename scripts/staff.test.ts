import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'wizard-staff-')), 'a.db');
const staff = (args: string[], input = '') =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/staff.ts', ...args],
    {
      env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: '' },
      input,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );

test('npm run staff adds, lists, resets and removes accounts, reading the password from standard input, and requires and resets two-step sign-in', () => {
  const added = staff(
    ['add', 'Ada@Example.org', '--role', 'admin'],
    'correct horse battery\n',
  );
  expect(added.stderr).toBe('');
  expect(added.stdout).toBe('Added ada@example.org (admin).\n');
  expect(
    staff(['add', 'bob@example.org', '--role', 'reviewer'], 'too short\n'),
  ).toMatchObject({
    status: 1,
    stderr: 'The password must be at least 12 characters.\n',
  });
  expect(staff(['add', 'bob@example.org', '--role', 'owner']).status).toBe(2);

  expect(staff(['list']).stdout).toMatch(
    /^ada@example\.org\tadmin\tcreated \d{4}-\d\d-\d\dT[\d:.]+Z\tlast sign-in never\n$/,
  );
  expect(
    staff(['reset-password', 'ada@example.org'], 'another long secret\n')
      .stdout,
  ).toBe('Set a new password for ada@example.org; its sessions have ended.\n');
  expect(staff(['require-two-step', 'on'])).toMatchObject({
    status: 0,
    stdout:
      'Two-step sign-in is now required: an account without it can do nothing but set it up, from its next request on.\n',
  });
  expect(staff(['require-two-step', 'maybe']).status).toBe(2);
  expect(staff(['reset-two-step', 'ADA@example.org'])).toMatchObject({
    status: 0,
    stdout:
      'Removed the two-step sign-in of ada@example.org; its sessions have ended. It signs in with its password alone and must then set two-step sign-in up again.\n',
  });
  expect(staff(['reset-two-step', 'nobody@example.org'])).toMatchObject({
    status: 1,
    stderr: 'No account for nobody@example.org.\n',
  });
  expect(staff(['require-two-step', 'off']).stdout).toBe(
    'Two-step sign-in is no longer required; accounts that have it keep it.\n',
  );
  expect(staff(['remove', 'ada@example.org']).status).toBe(0);
  expect(staff(['remove', 'ada@example.org'])).toMatchObject({
    status: 1,
    stderr: 'No account for ada@example.org.\n',
  });
  expect(staff(['list']).stdout).toBe('');
}, 300_000);
