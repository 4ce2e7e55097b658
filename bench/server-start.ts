import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../tests/support/server-process.ts';
import { budgets } from './support/budgets.ts';

// How long the compiled server (`npm start` without the build check) takes from its process being
// spawned to the first answer of the page, on a fresh SQLite file: the median of five starts.
// Fails when it is over the budget in bench/budgets.json.
const runs = 5;

async function timeToFirstAnswer(): Promise<number> {
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'wizard-start-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: join(folder, 'applications.db'),
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        if (response.ok) return performance.now() - started;
      } catch {
        // Not listening yet: ask again at once, the figure is the time to the first answer.
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGTERM');
  }
}

const times: number[] = [];
for (let run = 0; run < runs; run += 1) times.push(await timeToFirstAnswer());
times.sort((a, b) => a - b);
const median = times[Math.floor(runs / 2)] ?? Infinity;
const budget = budgets.serverStartToFirstAnswerMsMax ?? Infinity;
const isWithin = median <= budget;
process.stdout.write(
  `${'serverStartMs'.padEnd(22)} ${median.toFixed(0).padStart(7)}  ${isWithin ? 'within' : 'OUTSIDE'} max ${budget}  (runs: ${times.map((time) => time.toFixed(0)).join(', ')})\n`,
);
process.exit(isWithin ? 0 : 1);
