import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { inboxColumnsOf } from '../../src/server/db/applicant-columns.ts';
import type { Database } from '../../src/server/db/database.ts';
import { engines, scratchDatabase } from '../support/databases.ts';
import { buildApplicationModel } from '../../src/engine/application-schema.ts';
import { readableAnswersOf } from '../../src/server/readable-answers.ts';
import {
  adminToken,
  exampleConfig,
  putApplication,
  validApplication,
} from '../support/fixtures.ts';
import { percentile } from '../support/percentile.ts';
import { startServerProcess } from '../support/server-process.ts';

const exportedRows = 100_000;

const model = buildApplicationModel(exampleConfig());

/**
 * Applications written straight into the database, with their answers readable as the route stores
 * them: a hundred thousand through HTTP would take minutes.
 */
async function seed(database: Database, configVersion: string | null) {
  const payload = validApplication();
  const firstReceivedAt = Date.UTC(2026, 0, 1);
  for (let from = 0; from < exportedRows; from += 1000)
    await database.db
      .insertInto('applications')
      .values(
        Array.from({ length: 1000 }, (_, index) => {
          const n = from + index;
          payload.personalInfo.firstName = `Ada ${n}`;
          payload.personalInfo.emailAddress = `ada.${n}@example.com`;
          const json = JSON.stringify(payload);
          return {
            id: randomUUID(),
            page_id: 'aldmere-creators',
            idempotency_key: randomUUID(),
            payload_hash: createHash('sha256').update(json).digest('hex'),
            received_at: new Date(firstReceivedAt + n * 1000).toISOString(),
            payload: json,
            config_version: configVersion,
            full_name: `Ada ${n} Lovelace`,
            email: payload.personalInfo.emailAddress,
            country_code: 'GB',
            ...inboxColumnsOf(payload),
            readable_answers: readableAnswersOf(payload, model),
          };
        }),
      )
      .execute();
}

/** Two applicants at a time, each sending again 20 ms after an answer, while `isGoing()`; every send must be taken. */
async function applicants(
  submit: () => Promise<Response>,
  isGoing: (sent: number) => boolean,
): Promise<number[]> {
  const latencies: number[] = [];
  const refusals: number[] = [];
  const applicant = async () => {
    while (isGoing(latencies.length)) {
      const began = performance.now();
      const response = await submit();
      latencies.push(performance.now() - began);
      if (response.status !== 201) refusals.push(response.status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await Promise.all([applicant(), applicant()]);
  expect(refusals).toEqual([]);
  return latencies;
}

const summary = (latencies: number[]) =>
  `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`;

/**
 * The export streams without holding the server: applications sent while it runs are all taken,
 * and wait about as long as the same applicants' sends on the same machine a moment before. The
 * measure is a ratio to that baseline, not a time: on a busy machine both grow alike (the absolute
 * budgets are the export bench's). An export that held the event loop for its whole length (seconds)
 * would multiply the median many times over.
 */
describe.each(engines)('an export of 100,000 applications on %s', (engine) => {
  test('loses no application sent meanwhile, and keeps their wait near the baseline', async () => {
    const scratch = await scratchDatabase(engine);
    const server = await startServerProcess({
      ...(scratch.url
        ? { DATABASE_URL: scratch.url }
        : { SQLITE_PATH: scratch.sqlitePath }),
      ADMIN_TOKEN: adminToken,
    });
    const database = await scratch.open();
    const submit = () =>
      putApplication(server.url, validApplication(), { key: randomUUID() });
    try {
      expect((await submit()).status).toBe(201);
      const { config_version } = await database.db
        .selectFrom('applications')
        .select('config_version')
        .executeTakeFirstOrThrow();
      await seed(database, config_version);

      const baseline = await applicants(submit, (sent) => sent < 200);
      let isExporting = true;
      const exportedLines = (async () => {
        const response = await fetch(`${server.url}/api/applications.csv`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        const text = await response.text();
        isExporting = false;
        return text.split('\r\n').length;
      })();
      const [lines, during] = await Promise.all([
        exportedLines,
        applicants(submit, () => isExporting),
      ]);
      process.stdout.write(
        `  ${engine}: baseline ${baseline.length} submissions, ${summary(baseline)}; ${during.length} during the export, ${summary(during)}\n`,
      );
      // Two header rows, the first application, the seeded ones, the baseline's, the empty string
      // after the last line break, and those sent meanwhile that the export reached.
      expect(lines).toBeGreaterThanOrEqual(exportedRows + baseline.length + 4);
      const { stored } = await database.db
        .selectFrom('applications')
        .select((eb) => eb.fn.countAll<number>().as('stored'))
        .executeTakeFirstOrThrow();
      expect(Number(stored)).toBe(
        1 + exportedRows + baseline.length + during.length,
      );
      expect(during.length).toBeGreaterThan(50);
      expect(percentile(during, 50)).toBeLessThan(4 * percentile(baseline, 50));
      expect(percentile(during, 99)).toBeLessThan(
        10 * percentile(baseline, 99),
      );
    } finally {
      await database.close();
      server.process.kill('SIGTERM');
      await server.exited;
      await scratch.drop();
    }
  });
});
