import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type KyselyPlugin } from 'kysely';
import { describe, expect, test } from 'vitest';
import { engines } from '../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../tests/support/fixtures.ts';
import { captureLog } from '../../tests/support/log-capture.ts';
import { useScratchDatabase } from '../../tests/support/scratch-database.ts';
import { startTestServer } from '../../tests/support/test-server.ts';
import { loggerOptions } from './plugins/request-log.ts';
import { createHealthCheck } from './health.ts';

async function serverWithLog(sqliteDirectory?: string) {
  const log = captureLog();
  const server = await startTestServer({
    logger: { ...loggerOptions, stream: log.stream },
    sqliteDirectory,
  });
  return {
    log,
    server,
    health: async () => (await fetch(`${server.baseUrl}/api/health`)).status,
    submit: async () =>
      (
        await putApplication(server.baseUrl, validApplication(), {
          key: randomUUID(),
        })
      ).status,
  };
}

/**
 * A real file system of four megabytes, where the machine lets this process mount one: room for a
 * new database, its migrations' log and the free space health asks for, and little more.
 */
function smallDisk(): { directory: string; unmount: () => void } | undefined {
  const directory = mkdtempSync(join(tmpdir(), 'wizard-small-disk-'));
  try {
    execFileSync(
      'mount',
      ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', directory],
      {
        stdio: 'ignore',
      },
    );
  } catch {
    rmSync(directory, { recursive: true });
    return undefined;
  }
  return {
    directory,
    unmount: () => {
      execFileSync('umount', [directory]);
      rmSync(directory, { recursive: true });
    },
  };
}

const isMountable = (() => {
  const disk = smallDisk();
  disk?.unmount();
  return disk !== undefined;
})();
if (!isMountable)
  process.stdout.write(
    '\n  Full-disk test SKIPPED: this process cannot mount a tmpfs (it needs root)\n\n',
  );

test.skipIf(!isMountable)(
  'a full disk: submissions and health answer 503, the log says the disk is full, and health says so again at the first ask once space returns',
  async () => {
    const disk = smallDisk();
    if (!disk) throw new Error('The small disk mounted a moment ago.');
    const { log, server, health, submit } = await serverWithLog(disk.directory);
    const filler = join(disk.directory, 'filler');
    try {
      expect(await health()).toBe(200);
      const { bavail, bsize } = statfsSync(disk.directory);
      writeFileSync(filler, Buffer.alloc(bavail * bsize - 300_000));
      let answered = 201;
      for (let attempt = 0; attempt < 500 && answered === 201; attempt += 1)
        answered = await submit();
      expect(answered).toBe(503);
      expect([await submit(), await health()]).toEqual([503, 503]);
      const messages = log.records().map((record) => record.msg);
      expect(messages).toContain('request failed: the disk is full');
      expect(messages).toContain('health check failed: the disk is full');
      expect(messages.join('\n')).not.toMatch(/no transaction is active/);

      rmSync(filler);
      // The first ask after the space returns knows it, before any submission has written.
      expect([await health(), await submit()]).toEqual([200, 201]);
    } finally {
      await server.close();
      disk.unmount();
    }
  },
);

test('a read-only database: the very next health answer is 503, and the one after writes work again is 200; the log says each change once', async () => {
  const { log, server, health, submit } = await serverWithLog();
  const readOnly = (isOn: boolean) =>
    sql
      .raw(`PRAGMA query_only = ${isOn ? 'ON' : 'OFF'}`)
      .execute(server.database.db);
  try {
    expect(await health()).toBe(200);
    await readOnly(true);
    expect(await health()).toBe(503);
    // Liveness asks nothing of the database: a process that answers is not restarted for it.
    expect((await fetch(`${server.baseUrl}/api/health/live`)).status).toBe(200);
    expect([await submit(), await health(), await health()]).toEqual([
      503, 503, 503,
    ]);
    await readOnly(false);
    expect([await health(), await submit()]).toEqual([200, 201]);
    const messages = log
      .records()
      .map((record) => record.msg)
      .filter((message) => message.startsWith('health check'));
    expect(messages).toEqual([
      'health check failed: the database is read-only',
      'health check passes again',
    ]);
  } finally {
    await server.close();
  }
});

describe.each(engines)('the write probe on %s', (engine) => {
  const database = useScratchDatabase(engine);

  test('asks that come together share one write, and the next ask writes again', async () => {
    let writes = 0;
    const counted: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'InsertQueryNode') writes += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const health = createHealthCheck(
      { ...database(), db: database().db.withPlugin(counted) },
      { onFault: () => {}, onRecovery: () => {} },
    );
    expect(
      await Promise.all(Array.from({ length: 20 }, () => health.problem())),
    ).toEqual(Array(20).fill(undefined));
    expect(writes).toBe(1);
    await health.problem();
    expect(writes).toBe(2);
  });
});
