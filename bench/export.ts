import { createHash, randomUUID } from 'node:crypto';
import {
  monitorEventLoopDelay,
  performance,
  PerformanceObserver,
} from 'node:perf_hooks';
import { Writable, type Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pipeline } from 'node:stream/promises';
import { buildApplicationModel } from '../src/engine/application-schema.ts';
import { configHashOf } from '../src/server/form/form-store.ts';
import { createApplicationDescriptions } from '../src/server/application-descriptions.ts';
import { exportCsv } from '../src/server/csv-export.ts';
import { inboxColumnsOf } from '../src/server/db/applicant-columns.ts';
import { createApplicationsRepository } from '../src/server/db/applications-repository.ts';
import type { Database } from '../src/server/db/database.ts';
import { exportBatchSize, exportTable } from '../src/server/export-table.ts';
import type { ReachTables } from '../src/server/reach/reach-queue.ts';
import { readableAnswersOf } from '../src/server/readable-answers.ts';
import { exportXlsx } from '../src/server/xlsx-export.ts';
import { scratchDatabase } from '../tests/support/databases.ts';
import { exampleConfig, validApplication } from '../tests/support/fixtures.ts';
import { budgets } from './support/budgets.ts';

// An export of 100,000 applications from a scratch SQLite database (its reads are synchronous, so
// it is where an export could hold the event loop; BENCH_EXPORT_ENGINE=postgres reads PostgreSQL at
// TEST_DATABASE_URL instead), as CSV and as .xlsx: the time each takes and the
// longest the event loop stalled meanwhile, beside the stalls of the same loop left idle for as
// long. Every tenth application has a note, a tag and two votes, every twentieth a decision e-mail,
// each an Instagram look-up (every other one verified).
// Each export is also set beside the raw cost of reading the same rows in the same run (every
// column, in batches of the same size, in the same order), so the figure that gates says how much
// the export adds to the read whatever the machine's speed. Fails when a stall passes
// bench/budgets.json's exportStallMsMax or an export takes longer than exportVsReadMax reads: the
// read is the floor no export can go under. Each application is stored with its answers as people
// read them, as the application's route stores it, so the export writes them out with the team's
// work: 1.9 to 6.8 reads in the runs that set the budget, at loads of 6 to 9. Describing every
// application again as it is read, as exports did before, took 11 to 14; so does one stored without
// them, and a query or a parse added per application fails it too.
const budget = budgets.exportStallMsMax ?? Infinity;
const ratioBudget = budgets.exportVsReadMax ?? Infinity;
const rows = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const chunk = 1000;

// Each measurement starts from a collected heap, so the seeding's garbage is not collected inside it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const model = buildApplicationModel(exampleConfig());
const form = { model, configHash: configHashOf(model.config) };

async function seed(database: Database) {
  const { db } = database;
  const staff = ['ana@example.org', 'ben@example.org'].map((email) => ({
    id: randomUUID(),
    email,
    role: 'reviewer' as const,
    password_hash: 'not used',
    created_at: new Date().toISOString(),
    last_sign_in_at: null,
  }));
  await db.insertInto('staff_accounts').values(staff).execute();
  // Read in English, as the wizard records the language of every application it sends.
  const payload = { ...validApplication(), language: 'en' };
  const firstReceivedAt = Date.UTC(2026, 0, 1);
  for (let from = 0; from < rows; from += chunk) {
    const applications = Array.from({ length: chunk }, (_, index) => {
      const n = from + index;
      payload.personalInfo.firstName = `Zoë ${n}`;
      payload.personalInfo.emailAddress = `zoe.${n}@example.com`;
      // Each applicant's own mobile number, as an export formats each anew.
      payload.personalInfo.phone.subscriber = `7911${String(n).padStart(6, '0')}`;
      const json = JSON.stringify(payload);
      const receivedAt = new Date(firstReceivedAt + n * 1000).toISOString();
      return {
        id: randomUUID(),
        page_id: 'aldmere-creators',
        idempotency_key: randomUUID(),
        payload_hash: createHash('sha256').update(json).digest('hex'),
        received_at: receivedAt,
        payload: json,
        config_version: form.configHash,
        // As the application's route stores it.
        readable_answers: readableAnswersOf(payload, model),
        full_name: `Zoë ${n} Lovelace`,
        email: payload.personalInfo.emailAddress,
        country_code: 'GB',
        ...inboxColumnsOf(payload),
      };
    });
    await db.transaction().execute(async (transaction) => {
      await transaction
        .insertInto('applications')
        .values(applications)
        .execute();
      const worked = applications.filter((_, index) => index % 10 === 0);
      await transaction
        .insertInto('tags')
        .values(worked.map(({ id }) => ({ application_id: id, tag: 'coast' })))
        .execute();
      await transaction
        .insertInto('notes')
        .values(
          worked.map(({ id, received_at }) => ({
            id: randomUUID(),
            application_id: id,
            author: 'ana@example.org',
            at: received_at,
            body: 'Strong portfolio; budget agreed.',
          })),
        )
        .execute();
      await transaction
        .insertInto('votes')
        .values(
          worked.flatMap(({ id, received_at }) =>
            staff.map((member) => ({
              application_id: id,
              staff_id: member.id,
              value: 1,
              at: received_at,
            })),
          ),
        )
        .execute();
      // Each application's Instagram look-up, every other one verified by the platform.
      await transaction
        .withTables<ReachTables>()
        .insertInto('reach_checks')
        .values(
          applications.map(({ id, received_at }, index) => ({
            id: `${id}/instagram`,
            application_id: id,
            platform: 'instagram',
            handle: 'ada.travels',
            stated: 12_000,
            verified: index % 2 === 0 ? 11_800 : null,
            engagement_rate: index % 2 === 0 ? 0.031 : null,
            checked_at: index % 2 === 0 ? received_at : null,
            status:
              index % 2 === 0 ? ('verified' as const) : ('pending' as const),
            attempts: 0,
            next_attempt_at: received_at,
            give_up_at: received_at,
            locked_until: null,
            last_error: null,
          })),
        )
        .execute();
      await transaction
        .insertInto('outbox')
        .values(
          applications
            .filter((_, index) => index % 20 === 0)
            .map(({ id, email, received_at }) => ({
              id: randomUUID(),
              channel: 'email' as const,
              purpose: 'decision_accepted',
              application_id: id,
              recipient: email,
              content: '{}',
              dedupe_key: null,
              status: 'sent' as const,
              created_at: received_at,
              next_attempt_at: received_at,
              give_up_at: received_at,
              locked_until: null,
              sent_at: received_at,
              last_error: null,
            })),
        )
        .execute();
    });
  }
}

/**
 * How long the event loop stalled while `work` ran. Wall clock: a histogram of timer delays and a
 * 1 ms timer's lateness, which on a loaded machine also count the time the process waited for a
 * core. Busy: the main thread's own CPU time between two turns of the loop, the stall the code
 * itself makes, which is what a request waits for on a machine with a core to spare.
 */
async function stallsDuring(work: () => Promise<void>) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  const cpuMs = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let longestLate = 0;
  let longestBusy = 0;
  let heapMb = 0;
  let last = performance.now();
  let lastCpu = cpuMs();
  const probe = setInterval(() => {
    const now = performance.now();
    const cpu = cpuMs();
    longestLate = Math.max(longestLate, now - last - 1);
    longestBusy = Math.max(longestBusy, cpu - lastCpu);
    heapMb = Math.max(heapMb, process.memoryUsage().heapUsed / 1e6);
    last = now;
    lastCpu = cpu;
  }, 1);
  // The garbage collector's pauses, to tell the code's own stalls from the collector's.
  let longestGc = 0;
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      longestGc = Math.max(longestGc, entry.duration);
  });
  collections.observe({ entryTypes: ['gc'] });
  histogram.enable();
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  await work();
  const elapsed = performance.now() - started;
  const { user, system } = process.cpuUsage(startedCpu);
  // One more turn of the probe, so a stall at the very end is counted too.
  await new Promise((resolve) => setTimeout(resolve, 5));
  histogram.disable();
  clearInterval(probe);
  collections.disconnect();
  return {
    elapsed,
    maxMs: Math.max(histogram.max / 1e6, longestLate),
    p99Ms: histogram.percentile(99) / 1e6,
    busyMs: longestBusy,
    // Every thread's: compression runs beside the main thread.
    cpuMs: (user + system) / 1000,
    heapMb,
    gcMs: longestGc,
  };
}

/** A reader that takes every byte as it comes, and counts them. */
async function drain(stream: Readable): Promise<number> {
  let bytes = 0;
  await pipeline(
    stream,
    new Writable({
      write(piece: Buffer, _encoding, done) {
        bytes += piece.length;
        done();
      },
    }),
  );
  return bytes;
}

const engine =
  process.env.BENCH_EXPORT_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
const scratch = await scratchDatabase(engine);
const database = await scratch.open();
const seeding = performance.now();
await seed(database);
process.stdout.write(
  `Export of ${rows.toLocaleString('en')} applications from ${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s)\n`,
);
const repository = createApplicationsRepository(database);
const descriptions = createApplicationDescriptions(repository, () => form);
// The seeded applications name no call of their own: the column holds each slug.
const sources = {
  database,
  repository,
  descriptions,
  callTitle: (slug: string) => slug,
};

/** The floor: every column of the same rows, read in the export's batches and order, nothing done with them. */
async function readAll() {
  let after: { received_at: string; id: string } | undefined;
  for (;;) {
    const last = after;
    let query = database.db
      .selectFrom('applications')
      .selectAll()
      .orderBy('received_at')
      .orderBy('id')
      .limit(exportBatchSize);
    if (last)
      query = query.where((where) =>
        where(
          where.refTuple('received_at', 'id'),
          '>',
          where.tuple(last.received_at, last.id),
        ),
      );
    const batch = await query.execute();
    const tail = batch.at(-1);
    if (!tail || batch.length < exportBatchSize) return;
    after = tail;
    await new Promise(setImmediate);
  }
}
collectGarbage();
const reading = await stallsDuring(readAll);
process.stdout.write(
  `  read  ${(reading.elapsed / 1000).toFixed(1).padStart(6)} s  the same rows, every column, in batches of ${exportBatchSize}: ${((rows / reading.elapsed) * 1000).toFixed(0)} rows/s\n`,
);

const results: Array<
  [string, Awaited<ReturnType<typeof stallsDuring>>, number]
> = [];
for (const [format, write] of [
  ['csv', exportCsv],
  ['xlsx', exportXlsx],
] as const) {
  let bytes = 0;
  collectGarbage();
  const measured = await stallsDuring(async () => {
    bytes = await drain(write(await exportTable(sources)));
  });
  results.push([format, measured, bytes]);
}
// The floor: the same loop with nothing to do, for as long as the slower export took.
const idleFor = Math.max(...results.map(([, measured]) => measured.elapsed));
collectGarbage();
const idle = await stallsDuring(
  () => new Promise((resolve) => setTimeout(resolve, idleFor)),
);
let isWithin = true;
for (const [format, measured, bytes] of results) {
  const ratio = measured.elapsed / reading.elapsed;
  const within = measured.busyMs <= budget && ratio <= ratioBudget;
  if (!within) isWithin = false;
  process.stdout.write(
    `  ${format.padEnd(5)} ${(measured.elapsed / 1000).toFixed(1).padStart(6)} s (CPU ${(measured.cpuMs / 1000).toFixed(1)} s)  ${(bytes / 1e6).toFixed(1).padStart(6)} MB (heap at most ${measured.heapMb.toFixed(0)} MB)  ${((rows / measured.elapsed) * 1000).toFixed(0).padStart(6)} rows/s  longest stall: busy ${measured.busyMs.toFixed(1).padStart(5)} ms ${within ? 'within' : 'OUTSIDE'} max ${budget}, wall ${measured.maxMs.toFixed(1).padStart(6)} ms (p99 ${measured.p99Ms.toFixed(1)} ms), longest GC ${measured.gcMs.toFixed(1)} ms; ${ratio.toFixed(1)} × the read (max ${ratioBudget})\n`,
  );
}
process.stdout.write(
  `  idle  ${(idle.elapsed / 1000).toFixed(1).padStart(6)} s  the same loop with nothing to do: busy ${idle.busyMs.toFixed(1)} ms, wall ${idle.maxMs.toFixed(1)} ms (p99 ${idle.p99Ms.toFixed(1)} ms), longest GC ${idle.gcMs.toFixed(1)} ms: the floor of this machine now\n`,
);
await database.close();
await scratch.drop();
process.exit(isWithin ? 0 : 1);
