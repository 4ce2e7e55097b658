import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test } from 'vitest';
import { openDatabase } from '../src/server/db/database.ts';
import { putApplication, validApplication } from '../tests/support/fixtures.ts';
import { startTestServer } from '../tests/support/test-server.ts';

const backupArgs = ['--import', 'tsx', 'scripts/backup.ts'];

function backup(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [...backupArgs, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

const idsIn = (path: string) => {
  const database = new SQLite(path, { readonly: true });
  try {
    return new Set(
      database.prepare('select id from applications').pluck().all() as string[],
    );
  } finally {
    database.close();
  }
};

test('npm run backup copies the database consistently while the server stores applications', async () => {
  const server = await startTestServer();
  const submit = async () => {
    const response = await putApplication(server.baseUrl, validApplication(), {
      key: randomUUID(),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const before = new Set<string>();
  for (let round = 0; round < 20; round += 1)
    for (const id of await Promise.all(Array.from({ length: 25 }, submit)))
      before.add(id);

  const target = join(mkdtempSync(join(tmpdir(), 'wizard-backup-')), 'copy.db');
  const child = spawn(process.execPath, [...backupArgs, target], {
    env: { ...process.env, DATABASE_URL: '', SQLITE_PATH: server.sqlitePath },
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', resolve),
  );
  let isBackingUp = true;
  void exited.then(() => (isBackingUp = false));
  // Writers keep going for as long as the backup runs.
  const during: string[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (isBackingUp) during.push(await submit());
    }),
  );
  expect(await exited).toBe(0);
  expect(during.length).toBeGreaterThan(0);
  expect(stdout).toMatch(
    new RegExp(
      `^Backed up ${server.sqlitePath} to ${target}: \\d+ applications, \\d+\\.\\d MB, integrity ok\\n$`,
    ),
  );

  // One moment of the database: everything stored before the backup began, and of what came
  // during it only applications that were really stored.
  const copied = idsIn(target);
  for (const id of before) expect(copied.has(id)).toBe(true);
  const stored = idsIn(server.sqlitePath);
  for (const id of copied) expect(stored.has(id)).toBe(true);
  expect(existsSync(`${target}.partial`)).toBe(false);
  expect(existsSync(`${target}-wal`)).toBe(false);
  await server.close();
});

test('npm run backup never overwrites a file, and sends PostgreSQL users to pg_dump', () => {
  const folder = mkdtempSync(join(tmpdir(), 'wizard-backup-'));
  const existing = join(folder, 'old.db');
  writeFileSync(existing, 'an older backup');
  expect(
    backup([existing], { SQLITE_PATH: join(folder, 'applications.db') }),
  ).toMatchObject({
    status: 1,
    stderr: `SQLITE_PATH: ${join(folder, 'applications.db')} does not exist\n`,
  });
  new SQLite(join(folder, 'applications.db')).close();
  expect(
    backup([existing], { SQLITE_PATH: join(folder, 'applications.db') }),
  ).toMatchObject({
    status: 1,
    stderr: `${existing} exists already: name a new file, an older backup is never overwritten\n`,
  });
  expect(
    backup([join(folder, 'new.db')], {
      DATABASE_URL: 'postgres://wizard:secret@127.0.0.1:5432/wizard',
    }),
  ).toMatchObject({
    status: 1,
    stderr: expect.stringMatching(/^DATABASE_URL is set: .*pg_dump/),
  });
  expect(backup([], {})).toMatchObject({
    status: 2,
    stderr: 'Usage: npm run backup -- <file>\n',
  });
});

test('npm run backup makes the folders it needs for its runner alone, and a copy only its runner reads, whatever the umask', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'wizard-backup-'));
  const sqlitePath = join(folder, 'applications.db');
  await (await openDatabase({ sqlitePath })).close();
  const target = join(folder, 'backups', 'daily', 'copy.db');
  const result = spawnSync(
    'bash',
    [
      '-c',
      'umask 000 && exec "$0" "$@"',
      process.execPath,
      ...backupArgs,
      target,
    ],
    {
      env: { ...process.env, DATABASE_URL: '', SQLITE_PATH: sqlitePath },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(result.status, result.stderr).toBe(0);
  const modeOf = (path: string) => statSync(path).mode & 0o777;
  expect(modeOf(join(folder, 'backups'))).toBe(0o700);
  expect(modeOf(join(folder, 'backups', 'daily'))).toBe(0o700);
  expect(modeOf(target)).toBe(0o600);
  expect(statSync(target).uid).toBe(process.getuid?.());
  expect(idsIn(target)).toEqual(new Set());
});
