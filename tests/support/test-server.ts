import type { WizardConfig } from '../../src/engine/config-schema.ts';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import { createApplicationsRepository } from '../../src/server/db/applications-repository.ts';
import type { Engine } from '../../src/server/db/database.ts';
import { scratchDatabase } from './databases.ts';
import { adminToken, exampleConfig, fakeDist } from './fixtures.ts';

/** The real app on a real port over a scratch database of the given engine. */
export async function startTestServer(
  options: {
    engine?: Engine;
    config?: WizardConfig;
    /** Where SQLite's files go: a scratch folder unless given. */
    sqliteDirectory?: string;
  } & Partial<Omit<AppOptions, 'database'>> = {},
) {
  const scratch = await scratchDatabase(
    options.engine ?? 'sqlite',
    options.sqliteDirectory,
  );
  const database = await scratch.open();
  const app = await buildApp({
    wizardConfig: options.config ?? exampleConfig(),
    configDirectory: 'config',
    distDirectory: fakeDist(),
    adminToken,
    rateLimitPerMinute: 0,
    ...options,
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    baseUrl,
    database,
    sqlitePath: scratch.sqlitePath,
    repository: createApplicationsRepository(database),
    close: async () => {
      await app.close();
      await scratch.drop();
    },
  };
}
