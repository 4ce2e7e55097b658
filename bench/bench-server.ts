import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  exampleConfig,
  fakeDist,
  validApplication,
} from '../tests/support/fixtures.ts';
import { buildApp } from '../src/server/app.ts';
import { createApplicationsRepository } from '../src/server/db/applications-repository.ts';
import { openDatabase } from '../src/server/db/database.ts';

export const putApplicationBody = JSON.stringify(validApplication());

/** The real app on SQLite (WAL, synchronous=FULL) in a fresh folder, no rate limit, no logging. */
export async function startBenchServer() {
  const database = await openDatabase({
    sqlitePath: join(
      mkdtempSync(join(tmpdir(), 'wizard-bench-')),
      'applications.db',
    ),
  });
  const app = await buildApp({
    wizardConfig: exampleConfig(),
    configDirectory: 'config',
    distDirectory: fakeDist(),
    database,
    rateLimitPerMinute: 0,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    repository: createApplicationsRepository(database),
    close: () => app.close(),
  };
}
