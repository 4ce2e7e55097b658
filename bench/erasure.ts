import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { engines, scratchDatabase } from '../tests/support/databases.ts';
import { validApplication } from '../tests/support/fixtures.ts';
import { createApplicationsRepository } from '../src/server/db/applications-repository.ts';
import { createRetentionJob } from '../src/server/retention/retention-job.ts';
import { createAuditLog } from '../src/server/staff/audit-log.ts';
import type { Database, Engine } from '../src/server/db/database.ts';

// Erasing many applications, on SQLite and (when TEST_DATABASE_URL answers) PostgreSQL: the
// baseline is what there was before, one erasure per application; then a selection erased at once
// (the workspace's bulk erase) and the retention job erasing as many that are due. Same machine, same
// run, each over its own fresh set of applications.
const count = 2_000;

async function storeMany(
  database: Database,
  receivedAt = new Date().toISOString(),
): Promise<string[]> {
  const stored = createApplicationsRepository(
    database,
    () => new Date(receivedAt),
  );
  const outcomes = await Promise.all(
    Array.from({ length: count }, () =>
      stored.store({
        pageId: 'aldmere-creators',
        idempotencyKey: randomUUID(),
        configVersion: 'c'.repeat(64),
        payload: validApplication(),
      }),
    ),
  );
  return outcomes.flatMap((outcome) => ('id' in outcome ? [outcome.id] : []));
}

async function measure(engine: Engine): Promise<void> {
  const scratch = await scratchDatabase(engine);
  const database = await scratch.open();
  const repository = createApplicationsRepository(database);
  const timed = async (work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    return performance.now() - start;
  };

  const oneByOne = await storeMany(database);
  const baselineMs = await timed(async () => {
    for (const id of oneByOne) await repository.erase(id);
  });
  const selection = await storeMany(database);
  const bulkMs = await timed(() => repository.eraseMany(selection));
  await storeMany(database, '2020-01-01T00:00:00.000Z');
  const retentionMs = await timed(() =>
    createRetentionJob({
      database,
      repository,
      audit: createAuditLog(database),
      policy: () => ({
        applications: { new: { months: 12 } },
        sentMessages: { days: 30 },
      }),
    }).runIfDue(),
  );
  const left = await repository.count();
  await database.close();
  await scratch.drop();
  const line = (label: string, ms: number) =>
    `  ${label.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms  ${((count / ms) * 1000).toFixed(0).padStart(7)} a second`;
  process.stdout.write(
    [
      `${engine}: erasing ${count.toLocaleString('en')} applications (${left} left after all three)`,
      line('one at a time (baseline, before this change)', baselineMs),
      line('a selection at once (bulk erase)', bulkMs),
      line('due by retention (the daily job)', retentionMs),
      '',
    ].join('\n'),
  );
}

for (const engine of engines) await measure(engine);
