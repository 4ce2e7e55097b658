import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { photoJpeg, pngDeclaring } from '../tests/support/images.ts';
import { startCompiledServer } from './support/compiled-server.ts';

// What the form editor's uploads cost the server process: a 31 KB PNG declaring 16,000,000 × 16
// pixels, one declaring 16,000 × 16,000, and 100 uploads of a 5.6 MB photo at once. For each, the
// time until every answer, the statuses, and the process's peak resident memory, beside the
// baseline measured in the same run: the idle server, and one photo uploaded alone. Against the
// compiled server (`npm run build` first) on SQLite; Linux only (it reads /proc). Prints, no budget.

const adminToken = randomUUID() + randomUUID();
const concurrent = 100;

const server = await startCompiledServer({ ADMIN_TOKEN: adminToken });
const pid = server.pid ?? 0;

/** The process's resident memory now, and its peak since `resetPeak`, in MB. */
function memory() {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Math.round(
      Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]) / 1024,
    );
  return { now: field('VmRSS'), peak: field('VmHWM') };
}

/** Linux starts the peak again from the current size (clear_refs, value 5). */
const resetPeak = () => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** One upload as the editor sends it: its status, and the ms from `started` to its answer. */
const upload = async (file: Buffer<ArrayBuffer>, started: number) => {
  const form = new FormData();
  form.append('image', new Blob([file]), 'image');
  const response = await fetch(`${server.url}/api/review/form/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body: form,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
};

/** Uploads `files` at once; prints the statuses, the time until the last answer and the peak. */
async function measure(name: string, files: Array<Buffer<ArrayBuffer>>) {
  resetPeak();
  const before = memory().now;
  const started = performance.now();
  const answers = await Promise.all(files.map((file) => upload(file, started)));
  const ms = Math.round(performance.now() - started);
  // Each status, how many, and when the last of them was answered.
  const counted = [...new Set(answers.map((answer) => answer.status))]
    .map((status) => {
      const these = answers.filter((answer) => answer.status === status);
      const last = Math.round(Math.max(...these.map((answer) => answer.ms)));
      return `${these.length}× ${status} (last at ${last} ms)`;
    })
    .join(', ');
  const health = (await fetch(`${server.url}/api/health`)).status;
  const { peak } = memory();
  console.log(
    `${name.padEnd(36)} ${String(ms).padStart(7)} ms   RSS ${before} → peak ${peak} MB   ${counted}   health ${health}`,
  );
}

const photo = await photoJpeg(6000, 4000);
console.log(
  `photo: 6000 × 4000 JPEG, ${(photo.length / 1024 / 1024).toFixed(1)} MB; server pid ${pid}`,
);
console.log(`idle server                          RSS ${memory().now} MB`);
await measure('one photo alone (baseline)', [photo]);
await measure('PNG 16,000,000 × 16 (31 KB)', [pngDeclaring(16_000_000, 16)]);
await measure('PNG 16,000 × 16,000 (31 KB)', [pngDeclaring(16_000, 16_000)]);
await measure(
  `${concurrent} photos at once`,
  Array.from({ length: concurrent }, () => photo),
);
await server.stop();
