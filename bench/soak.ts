/**
 * The suite at full scale, printed for a person to read (`npm run test:soak`, not in CI; run as root
 * on a machine with Debian's PostgreSQL, strace and sqlmap packages):
 *
 *   kill      20 kill -9 cycles of the compiled server under 200 writers on SQLite
 *   postgres  immediate stops of PostgreSQL during writes
 *   fsync     fsync and fdatasync calls per acknowledged application, counted with strace
 *   memory    SOAK_MINUTES (10) at 50 submissions a second, resident memory each minute
 *   sqlmap    sqlmap against the review search, on both engines
 *
 * Name sections to run only those: `npm run test:soak -- kill fsync`. Exits 1 when a figure fails.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database.ts';
import {
  adminToken,
  putApplication,
  validApplication,
} from '../tests/support/fixtures.ts';
import { percentile } from '../tests/support/percentile.ts';
import { createScratchPostgres } from '../tests/support/scratch-postgres.ts';
import { startCompiledServer } from './support/compiled-server.ts';

const killCycles = Number(process.env.KILL_CYCLES ?? 20);
const writerCount = Number(process.env.WRITERS ?? 200);
const soakMinutes = Number(process.env.SOAK_MINUTES ?? 10);

let hasFailed = false;
const report = (line: string, isOk = true) => {
  if (!isOk) hasFailed = true;
  process.stdout.write(`${isOk ? '  ' : '✗ '}${line}\n`);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the writers were told: keys acknowledged with their ids, and keys sent without an answer. */
type Ledger = {
  acknowledged: Map<string, string>;
  inDoubt: Set<string>;
  statuses: Map<number | 'network', number>;
};

const newLedger = (): Ledger => ({
  acknowledged: new Map(),
  inDoubt: new Set(),
  statuses: new Map(),
});

async function send(url: string, key: string, ledger: Ledger) {
  ledger.inDoubt.add(key);
  let status: number | 'network' = 'network';
  try {
    const response = await putApplication(url, validApplication(), { key });
    status = response.status;
    if (status === 200 || status === 201) {
      ledger.acknowledged.set(
        key,
        ((await response.json()) as { id: string }).id,
      );
      ledger.inDoubt.delete(key);
    }
  } catch {
    // The server went away mid-request: the key stays in doubt, to be sent again.
  }
  ledger.statuses.set(status, (ledger.statuses.get(status) ?? 0) + 1);
}

/** `count` writers sending new applications back to back until `isRunning` turns false. */
function writers(
  url: string,
  count: number,
  ledger: Ledger,
  isRunning: () => boolean,
) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      while (isRunning()) await send(url, randomUUID(), ledger);
    }),
  );
}

/** Sends every key in doubt again, 50 at a time: each must now be stored exactly once. */
async function settle(url: string, ledger: Ledger) {
  const keys = [...ledger.inDoubt];
  for (let from = 0; from < keys.length; from += 50)
    await Promise.all(
      keys.slice(from, from + 50).map((key) => send(url, key, ledger)),
    );
}

/** Compares the ledger with the stored rows: nothing acknowledged lost, no key stored twice. */
async function audit(
  label: string,
  place: { databaseUrl?: string; sqlitePath: string },
  ledger: Ledger,
) {
  const database = await openDatabase(place);
  const rows = await database.db
    .selectFrom('applications')
    .select(['id', 'idempotency_key'])
    .execute();
  const storedIdOf = new Map(rows.map((row) => [row.idempotency_key, row.id]));
  const lost = [...ledger.acknowledged].filter(
    ([key, id]) => storedIdOf.get(key) !== id,
  ).length;
  const duplicates = rows.length - storedIdOf.size;
  const unacknowledged = rows.filter(
    (row) => !ledger.acknowledged.has(row.idempotency_key),
  ).length;
  let integrity = 'ok';
  if (database.engine === 'sqlite') {
    const result = await sql<{
      integrity_check: string;
    }>`PRAGMA integrity_check`.execute(database.db);
    integrity = result.rows.map((row) => row.integrity_check).join('; ');
  }
  await database.close();
  const statuses = [...ledger.statuses]
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  report(
    `${label}: ${ledger.acknowledged.size} acknowledged, ${lost} lost, ${duplicates} stored twice, ${unacknowledged} stored but never acknowledged, ${ledger.inDoubt.size} still in doubt, integrity ${integrity} (answers: ${statuses})`,
    lost === 0 &&
      duplicates === 0 &&
      unacknowledged === 0 &&
      ledger.inDoubt.size === 0 &&
      integrity === 'ok',
  );
}

async function killSection() {
  const sqlitePath = join(mkdtempSync(join(tmpdir(), 'wizard-soak-')), 'a.db');
  const ledger = newLedger();
  for (let cycle = 0; cycle < killCycles; cycle += 1) {
    const server = await startCompiledServer({ SQLITE_PATH: sqlitePath });
    await settle(server.url, ledger);
    let isRunning = true;
    const writing = writers(server.url, writerCount, ledger, () => isRunning);
    await pause(500 + Math.random() * 1000);
    await server.kill();
    isRunning = false;
    await writing;
  }
  const server = await startCompiledServer({ SQLITE_PATH: sqlitePath });
  await settle(server.url, ledger);
  await server.stop();
  await audit(
    `SQLite, ${killCycles} kill -9 cycles × ${writerCount} writers`,
    { sqlitePath },
    ledger,
  );
}

const postgresBin = () =>
  execFileSync('bash', [
    '-c',
    'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1',
  ])
    .toString()
    .trim();

/** A PostgreSQL cluster of the soak's own, so stopping it disturbs nothing else. */
function soakPostgres() {
  const directory = '/tmp/wizard-soak-pg';
  const port = '54339';
  const adminUrl = execFileSync('bash', ['scripts/start-test-postgres.sh'], {
    env: { ...process.env, TEST_PGDATA: directory, TEST_PGPORT: port },
  })
    .toString()
    .trim();
  const pgCtl = (command: string) =>
    execFileSync('su', [
      'postgres',
      '-c',
      `${postgresBin()}/pg_ctl -D ${directory} ${command}`,
    ]);
  return {
    adminUrl,
    stopImmediately: () => pgCtl('stop -m immediate'),
    start: () =>
      pgCtl(
        `-l ${directory}/server.log -w -o "-p ${port} -k /tmp -c listen_addresses=127.0.0.1" start`,
      ),
  };
}

async function postgresSection() {
  const cluster = soakPostgres();
  const { url: databaseUrl } = await createScratchPostgres(
    cluster.adminUrl,
    'soak',
  );
  const server = await startCompiledServer({ DATABASE_URL: databaseUrl });
  const ledger = newLedger();
  const stops = 3;
  for (let stop = 0; stop < stops; stop += 1) {
    let isRunning = true;
    const writing = writers(server.url, writerCount, ledger, () => isRunning);
    await pause(1000);
    cluster.stopImmediately();
    await pause(1000);
    cluster.start();
    await pause(2000);
    isRunning = false;
    await writing;
    await settle(server.url, ledger);
  }
  await server.stop();
  await audit(
    `PostgreSQL, ${stops} immediate stops under ${writerCount} writers`,
    { databaseUrl, sqlitePath: '' },
    ledger,
  );
}

/** strace's summary (`-c`): calls of each system call named. */
function syscallCounts(summary: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of summary.split('\n')) {
    const columns = line.trim().split(/\s+/);
    const name = columns.at(-1) ?? '';
    if (name === 'fsync' || name === 'fdatasync')
      counts.set(name, Number(columns[3]));
  }
  return counts;
}

async function fsyncSection() {
  ensureCommand('strace');
  for (const writersNow of [1, 50]) {
    const output = join(mkdtempSync(join(tmpdir(), 'wizard-strace-')), 'calls');
    const server = await startCompiledServer({}, [
      'strace',
      '-f',
      '-qq',
      '-c',
      '-e',
      'trace=fsync,fdatasync',
      '-o',
      output,
    ]);
    const ledger = newLedger();
    await writers(
      server.url,
      writersNow,
      ledger,
      () => ledger.acknowledged.size < 2000,
    );
    // strace passes SIGTERM on to nothing: the server itself is told to stop, and strace follows.
    const node = execFileSync('pgrep', ['-P', String(server.pid)])
      .toString()
      .trim();
    execFileSync('kill', ['-TERM', node]);
    await server.stop();
    const counts = syscallCounts(readFileSync(output, 'utf8'));
    const syncs = (counts.get('fsync') ?? 0) + (counts.get('fdatasync') ?? 0);
    report(
      `SQLite, ${writersNow} writer(s): ${ledger.acknowledged.size} acknowledged, ${counts.get('fsync') ?? 0} fsync + ${counts.get('fdatasync') ?? 0} fdatasync = ${(syncs / ledger.acknowledged.size).toFixed(2)} per acknowledged application (start-up and shutdown included)`,
      syncs > 0,
    );
  }
}

function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function memorySection() {
  const server = await startCompiledServer();
  const node = server.pid ?? 0;
  const perSecond = 50;
  const ledger = newLedger();
  const minutes: Array<{ rss: number; sent: number; p99: number }> = [];
  const began = performance.now();
  let sent = 0;
  let latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  for (let minute = 1; minute <= soakMinutes; minute += 1) {
    const sentBefore = sent;
    // Open loop: each submission leaves at its time, whether or not the last one was answered.
    while (performance.now() - began < minute * 60_000) {
      const due = began + (sent / perSecond) * 1000;
      const wait = due - performance.now();
      if (wait > 0) await pause(wait);
      sent += 1;
      const start = performance.now();
      const request = send(server.url, randomUUID(), ledger).then(() => {
        latencies.push(performance.now() - start);
        inFlight.delete(request);
      });
      inFlight.add(request);
    }
    minutes.push({
      rss: residentMegabytes(node),
      sent: sent - sentBefore,
      p99: percentile(latencies, 99),
    });
    latencies = [];
    const last = minutes.at(-1);
    if (last)
      report(
        `minute ${String(minute).padStart(2)}: ${last.sent} sent, p99 ${last.p99.toFixed(1)} ms, resident ${last.rss.toFixed(1)} MB`,
      );
  }
  await Promise.all(inFlight);
  await server.stop();
  const failed = [...ledger.statuses]
    .filter(([status]) => status !== 201)
    .reduce((sum, [, count]) => sum + count, 0);
  // Flat: the last minutes hold no more than a tenth above the first ones after warm-up.
  const early = Math.max(...minutes.slice(1, 3).map((minute) => minute.rss));
  const late = Math.max(...minutes.slice(-3).map((minute) => minute.rss));
  report(
    `${soakMinutes} minutes at ${perSecond}/s: ${ledger.acknowledged.size} acknowledged, ${failed} failed; resident ${early.toFixed(1)} MB early, ${late.toFixed(1)} MB late (${(((late - early) / early) * 100).toFixed(1)} %)`,
    failed === 0 && late <= early * 1.1,
  );
}

async function sqlmapAgainst(label: string, env: Record<string, string>) {
  const server = await startCompiledServer({ ...env, ADMIN_TOKEN: adminToken });
  const ledger = newLedger();
  for (let index = 0; index < 20; index += 1)
    await send(server.url, randomUUID(), ledger);
  for (const path of [
    '/api/applications?search=ada',
    '/api/review/applications?search=ada&tag=press&country=GB&minReach=10',
  ]) {
    let output = '';
    try {
      output = execFileSync(
        'sqlmap',
        [
          '-u',
          `${server.url}${path}`,
          '--headers',
          `Authorization: Bearer ${adminToken}`,
          '--batch',
          '--level=3',
          '--risk=2',
          '--flush-session',
          '--disable-coloring',
          '--output-dir',
          mkdtempSync(join(tmpdir(), 'wizard-sqlmap-')),
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      ).toString();
    } catch (error) {
      output = String((error as { stdout?: Buffer }).stdout ?? error);
    }
    const isInjectable =
      /is vulnerable|appears to be '.*' injectable|parameter '.*' is '.*' injectable/i.test(
        output,
      );
    const isClean = /do not appear to be injectable/i.test(output);
    report(
      `sqlmap on ${label} ${path.split('?')[0] ?? ''}: ${isInjectable ? 'INJECTABLE' : isClean ? 'no parameter appears injectable' : 'no verdict (read its output)'}`,
      isClean && !isInjectable,
    );
  }
  await server.stop();
}

async function sqlmapSection() {
  ensureCommand('sqlmap');
  await sqlmapAgainst('SQLite', {});
  const cluster = soakPostgres();
  await sqlmapAgainst('PostgreSQL', {
    DATABASE_URL: (await createScratchPostgres(cluster.adminUrl, 'soak')).url,
  });
}

/** Installs a Debian package the section needs when its command is missing (as root). */
function ensureCommand(command: string) {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
  } catch {
    execFileSync('apt-get', ['install', '-y', '-qq', command], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: 'ignore',
    });
  }
}

const sections: Record<string, () => Promise<void>> = {
  kill: killSection,
  postgres: postgresSection,
  fsync: fsyncSection,
  memory: memorySection,
  sqlmap: sqlmapSection,
};
const chosen = process.argv.slice(2);
for (const [name, run] of Object.entries(sections)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  process.stdout.write(`${name}\n`);
  await run();
}
process.exit(hasFailed ? 1 : 0);
