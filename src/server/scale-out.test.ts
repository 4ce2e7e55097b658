import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { engines, scratchDatabase } from '../../tests/support/databases.ts';
import { startServerProcess } from '../../tests/support/server-process.ts';
import {
  putApplication,
  validApplication,
} from '../../tests/support/fixtures.ts';
import { createApplicationsRepository } from './db/applications-repository.ts';

test.skipIf(!engines.includes('postgres'))(
  'two server processes on one PostgreSQL store 50 concurrent identical submissions once',
  async () => {
    const scratch = await scratchDatabase('postgres');
    const env = { DATABASE_URL: scratch.url ?? '' };
    const [first, second] = await Promise.all([
      startServerProcess(env),
      startServerProcess(env),
    ]);
    try {
      const key = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          putApplication(
            index % 2 ? second.url : first.url,
            validApplication(),
            { key },
          ),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 200)).toHaveLength(49);
      const ids = await Promise.all(
        responses.map(
          async (response) => ((await response.json()) as { id: string }).id,
        ),
      );
      expect(new Set(ids).size).toBe(1);
      const database = await scratch.open();
      expect(await createApplicationsRepository(database).count()).toBe(1);
      await database.close();
    } finally {
      first.process.kill('SIGTERM');
      second.process.kill('SIGTERM');
      await Promise.all([first.exited, second.exited]);
      await scratch.drop();
    }
  },
  60_000,
);

test('finishes requests in flight on SIGTERM, stores each acknowledged one, and exits 0', async () => {
  const scratch = await scratchDatabase('sqlite');
  const server = await startServerProcess({ SQLITE_PATH: scratch.sqlitePath });
  const requests = Array.from({ length: 30 }, () =>
    putApplication(server.url, validApplication(), { key: randomUUID() }).then(
      async (response) => ({
        status: response.status,
        body: (await response.json()) as { id?: string },
      }),
      () => ({ status: 0, body: {} as { id?: string } }),
    ),
  );
  // Once one is answered the server is taking them: the signal then comes among the rest.
  await Promise.race(requests);
  server.process.kill('SIGTERM');
  const answers = await Promise.all(requests);
  expect(await server.exited).toBe(0);
  const acknowledged = answers.filter((answer) => answer.status === 201);
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(answers.every((answer) => [0, 201, 503].includes(answer.status))).toBe(
    true,
  );
  const database = await scratch.open();
  const repository = createApplicationsRepository(database);
  for (const answer of acknowledged)
    expect(await repository.get(answer.body.id ?? '')).toBeDefined();
  await database.close();
});

test('loses no acknowledged application when the server is killed (-9) under 20 concurrent writers, 3 times', async () => {
  const scratch = await scratchDatabase('sqlite');
  const acknowledged: string[] = [];
  for (let crash = 0; crash < 3; crash += 1) {
    const server = await startServerProcess({
      SQLITE_PATH: scratch.sqlitePath,
    });
    let isRunning = true;
    const writers = Array.from({ length: 20 }, async () => {
      while (isRunning) {
        try {
          const response = await putApplication(
            server.url,
            validApplication(),
            { key: randomUUID() },
          );
          if (response.status === 201)
            acknowledged.push(((await response.json()) as { id: string }).id);
        } catch {
          return;
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300 + crash * 200));
    server.process.kill('SIGKILL');
    await server.exited;
    isRunning = false;
    await Promise.all(writers);
  }
  expect(acknowledged.length).toBeGreaterThan(20);
  const database = await scratch.open();
  const repository = createApplicationsRepository(database);
  const missing = [];
  for (const id of acknowledged)
    if (!(await repository.get(id))) missing.push(id);
  expect(missing).toEqual([]);
  const integrity = await sql`PRAGMA integrity_check`.execute(database.db);
  expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
  await database.close();
});
