import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { putApplicationBody, startBenchServer } from './bench-server.ts';

// 50 connections of PUTs with a fresh Idempotency-Key each, SQLite in WAL with
// synchronous=FULL. Prints req/s and latency, checks rows = acknowledged, fails past the budgets.
const budgets = JSON.parse(
  readFileSync('bench/budgets.json', 'utf8'),
) as Record<string, number>;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startBenchServer();

const result = await autocannon({
  url: `${server.baseUrl}/api/syncPage/aldmere-creators`,
  method: 'PUT',
  connections: 50,
  duration: seconds,
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
const rows = await server.repository.count();
await server.close();

const acknowledged = result['2xx'];
const lines = [
  [
    'putRequestsPerSecond',
    result.requests.average,
    budgets.putRequestsPerSecondMin,
    'min',
  ],
  ['putLatencyP99Ms', result.latency.p99, budgets.putLatencyP99MsMax, 'max'],
] as const;
let isOver = false;
for (const [name, value, budget, kind] of lines) {
  const isWithin =
    budget === undefined ||
    (kind === 'min' ? value >= budget : value <= budget);
  if (!isWithin) isOver = true;
  process.stdout.write(
    `${name.padEnd(22)} ${value.toFixed(0).padStart(7)}  ${budget === undefined ? '' : `${isWithin ? 'within' : 'OUTSIDE'} ${kind} ${budget}`}\n`,
  );
}
process.stdout.write(
  `acknowledged ${acknowledged}, stored ${rows}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}\n`,
);
if (rows !== acknowledged || result.non2xx > 0 || result.errors > 0)
  isOver = true;
process.exit(isOver ? 1 : 0);
