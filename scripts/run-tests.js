// `npm test`: every stage, each run whatever the ones before it gave, so one failure does not hide
// another; a summary of all of them at the end, and a failure if any failed.
// Plain JavaScript, so that on an old Node the version check speaks before any tool does.
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { refuseUnsupportedNode } from '../src/server/process-prelude.js';

refuseUnsupportedNode();

const stages = [
  { title: 'typecheck', script: 'typecheck' },
  { title: 'lint', script: 'lint' },
  { title: 'unit and server tests', script: 'test:unit' },
  { title: 'latency under load', script: 'test:load' },
  { title: 'end-to-end in Chromium', script: 'test:e2e' },
  { title: 'deployment', script: 'test:deploy' },
];

const results = stages.map(({ title, script }) => {
  process.stdout.write(`\n=== ${title} (npm run ${script})\n`);
  const started = Date.now();
  const { status, signal } = spawnSync('npm', ['run', '--silent', script], {
    stdio: 'inherit',
  });
  return {
    title,
    passed: status === 0,
    outcome: status === 0 ? 'passed' : `FAILED (${signal ?? `exit ${status}`})`,
    seconds: (Date.now() - started) / 1000,
  };
});

process.stdout.write('\nnpm test:\n');
for (const { title, outcome, seconds } of results)
  process.stdout.write(
    `  ${title.padEnd(24)} ${outcome.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s\n`,
  );
const failed = results.filter((result) => !result.passed);
process.stdout.write(
  failed.length === 0
    ? 'Every stage passed.\n'
    : `${failed.length} of ${results.length} stages failed: ${failed.map((result) => result.title).join(', ')}\n`,
);
process.exit(failed.length === 0 ? 0 : 1);
