import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { scratchDatabase } from '../../../tests/support/databases.ts';
import { validApplication } from '../../../tests/support/fixtures.ts';
import { createApplicationsRepository } from './applications-repository.ts';
import type { Database } from './database.ts';

let database: Database;
let sqlitePath = '';

beforeAll(async () => {
  const scratch = await scratchDatabase('sqlite');
  sqlitePath = scratch.sqlitePath;
  database = await scratch.open();
});
afterAll(() => database.close());

/**
 * Another writer on the same file, as `npm run staff` is while the server runs: a thread of its
 * own with its own connection, committing small transactions back to back until told to stop.
 */
function otherWriter(path: string): { stop: () => Promise<number> } {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const SQLite = require('better-sqlite3');
    const connection = new SQLite(workerData.path);
    connection.pragma('busy_timeout = 5000');
    const insert = connection.prepare(
      "INSERT INTO audit_log (id, at, actor, action) VALUES (?, ?, 'writer', 'sign_in')",
    );
    let written = 0;
    let stopping = false;
    parentPort.on('message', () => { stopping = true; });
    const loop = () => {
      if (stopping) { parentPort.postMessage(written); connection.close(); return; }
      connection.transaction(() => insert.run(String(written) + '-' + process.hrtime.bigint(), new Date().toISOString())).immediate();
      written += 1;
      setImmediate(loop);
    };
    loop();
    `,
    { eval: true, workerData: { path } },
  );
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (written: number) => resolve(written));
        worker.postMessage('stop');
      }),
  };
}

test('stores every application while another connection writes the same SQLite file', async () => {
  const repository = createApplicationsRepository(database);
  const writer = otherWriter(sqlitePath);
  const outcomes = await Promise.allSettled(
    Array.from({ length: 400 }, () =>
      repository.store({
        pageId: 'aldmere-creators',
        idempotencyKey: randomUUID(),
        configVersion: 'v1',
        payload: validApplication(),
      }),
    ),
  );
  const written = await writer.stop();
  expect(written).toBeGreaterThan(0);
  const failures = outcomes.flatMap((outcome) =>
    outcome.status === 'rejected' ? [String(outcome.reason)] : [],
  );
  expect(failures).toEqual([]);
  expect(await repository.count()).toBe(400);
});
