import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { engines, scratchDatabase } from '../tests/support/databases.ts';
import { validApplication } from '../tests/support/fixtures.ts';
import { startGraphStandIn } from '../tests/support/reach-stand-ins.ts';
import { freePort } from '../tests/support/server-process.ts';
import { createApplicationsRepository } from '../src/server/db/applications-repository.ts';
import type { Engine } from '../src/server/db/database.ts';
import { budgets } from './support/budgets.ts';

// Durable submissions, side by side in one run: the naive one-INSERT-per-request server of
// bench/naive/ and the real server (compiled, production logging on), each in its own process,
// each hit by 50 connections of unique applications. On SQLite (WAL, synchronous=FULL) and, when
// TEST_DATABASE_URL answers, on PostgreSQL. Fails past the budgets in bench/budgets.json. Each side's
// CPU time per request is printed too: where a flush to disk is cheap, it is what bounds the rate.
// The real server runs a second time with verified-reach look-ups on, which must keep at least
// putThroughputWithLookUpsMin of its rate without them.
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const devNull = openSync('/dev/null', 'w');
const putApplicationBody = JSON.stringify(validApplication());

type Result = {
  requestsPerSecond: number;
  /** CPU time per request, in µs: the server process's, and PostgreSQL's processes' together. */
  serverCpuUs: number;
  databaseCpuUs: number;
  p50: number;
  p99: number;
  acknowledged: number;
  stored: number;
  failures: number;
};

/** CPU time a process has used, in seconds (user and system, from /proc). */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ');
    return (Number(fields?.[11]) + Number(fields?.[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU time of every PostgreSQL process on this machine: the backends the server talks to among them. */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc'))
    if (/^\d+$/.test(entry))
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
          total += cpuSecondsOf(Number(entry));
      } catch {
        // The process ended while the list was read.
      }
  return total;
}

async function started(command: string[], env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, command, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    // The real server's log lines are written as in production, to a sink.
    stdio: ['ignore', devNull, 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited`);
    const isUp = await fetch(`${url}/api/syncPage/aldmere-creators`, {
      method: 'OPTIONS',
    }).then(
      () => true,
      () => false,
    );
    if (isUp) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function load(url: string, duration: number) {
  return autocannon({
    url: `${url}/api/syncPage/aldmere-creators`,
    method: 'PUT',
    connections,
    duration,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: putApplicationBody,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': randomUUID() },
        }),
      },
    ],
  });
}

async function measure(
  command: string[],
  env: Record<string, string>,
  countStored: () => Promise<number>,
): Promise<Result> {
  const { url, child } = await started(command, env);
  // A second of warm-up (JIT, page cache), then the measured run; both are stored and counted.
  const warmUp = await load(url, 1);
  const serverCpuBefore = cpuSecondsOf(child.pid ?? 0);
  const databaseCpuBefore = postgresCpuSeconds();
  const result = await load(url, seconds);
  const perRequest = (cpuSeconds: number) =>
    (cpuSeconds / result.requests.total) * 1e6;
  const serverCpuUs = perRequest(
    cpuSecondsOf(child.pid ?? 0) - serverCpuBefore,
  );
  const databaseCpuUs = perRequest(postgresCpuSeconds() - databaseCpuBefore);
  await stopped(child);
  return {
    requestsPerSecond: result.requests.average,
    serverCpuUs,
    databaseCpuUs,
    p50: result.latency.p50,
    p99: result.latency.p99,
    acknowledged: warmUp['2xx'] + result['2xx'],
    stored: await countStored(),
    failures:
      warmUp.non2xx +
      warmUp.errors +
      result.non2xx +
      result.errors +
      result.timeouts,
  };
}

async function countRows(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ count: string }>(
    `SELECT count(*) AS count FROM ${table}`,
  );
  await client.end();
  return Number(rows[0]?.count ?? 0);
}

async function compare(engine: Engine): Promise<boolean> {
  const naiveDatabase = await scratchDatabase(engine);
  const naive = await measure(
    ['--import', 'tsx', `bench/naive/${engine}-server.ts`],
    engine === 'sqlite'
      ? { SQLITE_PATH: naiveDatabase.sqlitePath }
      : { DATABASE_URL: naiveDatabase.url ?? '' },
    async () => {
      if (engine === 'postgres')
        return countRows(naiveDatabase.url ?? '', 'naive_applications');
      const { default: Sqlite } = await import('better-sqlite3');
      const file = new Sqlite(naiveDatabase.sqlitePath, { readonly: true });
      const row = file
        .prepare('SELECT count(*) AS count FROM applications')
        .get() as {
        count: number;
      };
      file.close();
      return row.count;
    },
  );
  /** The real server on a scratch database of its own, with `env` beside its usual settings. */
  const measureRealServer = async (env: Record<string, string> = {}) => {
    const scratch = await scratchDatabase(engine);
    const result = await measure(
      ['dist/server/main.js'],
      {
        RATE_LIMIT_PER_MINUTE: '0',
        ...(engine === 'sqlite'
          ? { SQLITE_PATH: scratch.sqlitePath, DATABASE_URL: '' }
          : { DATABASE_URL: scratch.url ?? '' }),
        ...env,
      },
      async () => {
        const database = await scratch.open();
        const count = await createApplicationsRepository(database).count();
        await database.close();
        return count;
      },
    );
    await scratch.drop();
    return result;
  };
  const real = await measureRealServer();
  // The same server again with Instagram look-ups on, answered by a local stand-in of the Graph
  // API: each application's look-up is queued in its transaction and made after it is answered, by
  // a worker in the same process, so what it costs the submissions is the share of the process it
  // takes. Every application of the run names the same handle: each is looked up all the same.
  const graph = await startGraphStandIn({ credential: 'bench-token' });
  const lookingUp = await measureRealServer({
    INSTAGRAM_ACCOUNT_ID: '17841405309211844',
    INSTAGRAM_ACCESS_TOKEN: 'bench-token',
    GRAPH_API_URL: graph.url,
  });
  const lookUpsAsked = graph.calls();
  await graph.close();
  await naiveDatabase.drop();

  const ratio = real.requestsPerSecond / naive.requestsPerSecond;
  const checks = [
    ['throughput vs naive', ratio, budgets.putThroughputVsNaiveMin ?? 0, 'min'],
    ['p99 ms', real.p99, budgets.putLatencyP99MsMax ?? Infinity, 'max'],
    ['failed requests', real.failures, 0, 'max'],
    ['lost (acknowledged - stored)', real.acknowledged - real.stored, 0, 'max'],
    [
      'with look-ups vs without',
      lookingUp.requestsPerSecond / real.requestsPerSecond,
      budgets.putThroughputWithLookUpsMin ?? 0,
      'min',
    ],
    [
      'failed with look-ups',
      lookingUp.failures +
        Math.max(0, lookingUp.acknowledged - lookingUp.stored),
      0,
      'max',
    ],
  ] as const;
  const row = (name: string, result: Result) =>
    `  ${name.padEnd(6)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms  acknowledged ${result.acknowledged}, stored ${result.stored}, failed ${result.failures}; CPU per request: server ${result.serverCpuUs.toFixed(0)} µs${engine === 'postgres' ? `, PostgreSQL ${result.databaseCpuUs.toFixed(0)} µs` : ''}\n`;
  process.stdout.write(`${engine}, ${connections} connections, ${seconds} s\n`);
  process.stdout.write(row('naive', naive));
  process.stdout.write(row('real', real));
  process.stdout.write(row('looks', lookingUp));
  process.stdout.write(
    `  (${lookUpsAsked} look-ups asked of the Graph stand-in while it ran)\n`,
  );
  let isWithin = true;
  for (const [name, value, budget, kind] of checks) {
    const ok = kind === 'min' ? value >= budget : value <= budget;
    if (!ok) isWithin = false;
    process.stdout.write(
      `  ${name.padEnd(30)} ${value.toFixed(2).padStart(8)}  ${ok ? 'within' : 'OUTSIDE'} ${kind} ${budget}\n`,
    );
  }
  return isWithin;
}

let isWithin = true;
for (const engine of ['sqlite', 'postgres'] as const) {
  if (!engines.includes(engine)) {
    process.stdout.write(
      `${engine}: SKIPPED (set TEST_DATABASE_URL to compare on it)\n`,
    );
    continue;
  }
  if (!(await compare(engine))) isWithin = false;
}
process.exit(isWithin ? 0 : 1);
