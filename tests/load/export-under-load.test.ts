import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { inboxColumnsOf } from '../../src/server/db/applicant-columns.ts';
import type { Database } from '../../src/server/db/database.ts';
import { engines, scratchDatabase } from '../support/databases.ts';
import {
  adminToken,
  putApplication,
  validApplication,
} from '../support/fixtures.ts';
import { percentile } from '../support/percentile.ts';
import { startServerProcess } from '../support/server-process.ts';

const exportedRows = 100_000;

/** Applications written straight into the database: a hundred thousand through HTTP would take minutes. */
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
          };
        }),
      )
      .execute();
}

describe.each(engines)('an export of 100,000 applications on %s', (engine) => {
  test('keeps p99 of the submissions made meanwhile under 100 ms', async () => {
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

      let isExporting = true;
      const exportedLines = (async () => {
        const response = await fetch(`${server.url}/api/applications.csv`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        const text = await response.text();
        isExporting = false;
        return text.split('\r\n').length;
      })();
      const latencies: number[] = [];
      // Two applicants at a time, each sending again 20 ms after an answer, as long as the export runs.
      const applicant = async () => {
        while (isExporting) {
          const began = performance.now();
          const response = await submit();
          latencies.push(performance.now() - began);
          expect(response.status).toBe(201);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      await Promise.all([exportedLines, applicant(), applicant()]);
      process.stdout.write(
        `  ${engine}: ${latencies.length} submissions during the export; p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms\n`,
      );
      // Two header rows, the first application, the seeded ones, the empty string after the last line
      // break, and those sent meanwhile that the export reached.
      expect(await exportedLines).toBeGreaterThanOrEqual(exportedRows + 4);
      expect(latencies.length).toBeGreaterThan(100);
      expect(percentile(latencies, 99)).toBeLessThan(100);
    } finally {
      await database.close();
      server.process.kill('SIGTERM');
      await server.exited;
      await scratch.drop();
    }
  });
});
