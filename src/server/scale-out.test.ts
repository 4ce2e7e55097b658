import { randomUUID } from 'node:crypto';
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
  await new Promise((resolve) => setTimeout(resolve, 20));
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
}, 60_000);
