import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { engines, scratchDatabase } from '../tests/support/databases.ts';
import { captureLog } from '../tests/support/log-capture.ts';
import {
  applicationWith,
  startGraphStandIn,
} from '../tests/support/reach-stand-ins.ts';
import { createApplicationsRepository } from '../src/server/db/applications-repository.ts';
import type { Engine } from '../src/server/db/database.ts';
import { createReach } from '../src/server/reach/reach.ts';

// The verified-reach soak: a burst of 5,000 applications, looked up through a stand-in of the
// Graph API that refuses the call after each 200 it answers. Every look-up must settle verified,
// none fail, each handle be answered once, and the only extra calls be those the rate limit
// refused. The pauses are milliseconds rather than an hour so it runs in a minute; the queue works
// the same whatever their length. Too long for `npm test`, so run once: `npx tsx bench/reach-soak.ts`.
const applications = 5_000;
const budget = 200;
const batchSize = 20;
const token = 'IGAAsoak-long-lived-token-0123456789';

async function soak(engine: Engine) {
  const scratch = await scratchDatabase(engine);
  const database = await scratch.open();
  const graph = await startGraphStandIn({
    credential: token,
    rateLimitEvery: budget,
    resetMs: 20,
  });
  const log = captureLog();
  const reach = createReach(database, {
    instagram: {
      baseUrl: graph.url,
      accountId: '17841405309211844',
      accessToken: token,
    },
    worker: { pollMs: 10, pauseMs: 30, batchSize },
  });
  try {
    const repository = createApplicationsRepository(
      database,
      undefined,
      reach.storeHooks({}),
    );
    const began = performance.now();
    await Promise.all(
      Array.from({ length: applications }, (_, index) =>
        repository.store({
          pageId: 'aldmere-creators',
          configVersion: 'c'.repeat(64),
          idempotencyKey: randomUUID(),
          payload: applicationWith({ instagram: `soak.${index}` }),
        }),
      ),
    );
    const stored = performance.now();
    await reach.start(Fastify({ logger: { stream: log.stream } }).log);
    for (;;) {
      const { rows } = await sql<{ count: number | string }>`
        select count(*) as count from reach_checks where status = 'pending'`.execute(
        database.db,
      );
      if (Number(rows[0]?.count) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const settled = performance.now();
    await reach.stop();

    const { rows } = await sql<{ status: string; count: number | string }>`
      select status, count(*) as count from reach_checks group by status`.execute(
      database.db,
    );
    assert.deepEqual(
      rows.map((row) => [row.status, Number(row.count)]),
      [['verified', applications]],
    );
    for (let index = 0; index < applications; index += 1)
      assert.equal(graph.answeredOf(`soak.${index}`), 1);
    const windows = Math.ceil(applications / budget);
    assert.ok(graph.refused() >= windows - 1, 'the rate limit was met');
    // A refusal costs at most the look-ups of the batch it came in.
    assert.ok(graph.refused() <= windows * batchSize);
    assert.equal(graph.calls(), applications + graph.refused());
    assert.ok(!log.lines.join('\n').includes(token));
    process.stdout.write(
      `${engine}: ${applications} stored in ${Math.round(stored - began)} ms; looked up in ${Math.round(settled - stored)} ms ` +
        `(${Math.round((applications / (settled - stored)) * 1000)}/s); ${graph.calls()} calls, ${graph.refused()} refused by the rate limit, ` +
        `${log.records().filter((record) => record.msg.includes('rate limit')).length} pauses logged; all verified, none failed\n`,
    );
  } finally {
    await graph.close();
    await database.close();
    await scratch.drop();
  }
}

for (const engine of engines) await soak(engine);
