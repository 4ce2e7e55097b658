import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validApplication } from '../tests/support/fixtures.ts';
import { startSmtpServer } from '../tests/support/mail.ts';
import { percentile } from '../tests/support/percentile.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { createStaffAccounts } from '../src/server/staff/staff-accounts.ts';
import { startCompiledServer } from './support/compiled-server.ts';
import { budgets } from './support/budgets.ts';

// How long a staff member waits for the e-mail of a new application: from the moment the server
// stamps the application (just before its transaction commits) to the moment a real SMTP server in
// this process accepts the message. Measured with the delivery worker idle (one application every
// 200 ms) and under 50 submissions a second, against the compiled server on SQLite. Fails past
// the budget in bench/budgets.json.

const smtp = await startSmtpServer();
const sqlitePath = join(mkdtempSync(join(tmpdir(), 'wizard-bench-')), 'a.db');
const database = await openDatabase({ sqlitePath });
await createStaffAccounts(database).add({
  email: 'rita@example.org',
  role: 'reviewer',
  password: 'a long enough secret',
});
await database.close();
const server = await startCompiledServer({
  SQLITE_PATH: sqlitePath,
  SMTP_URL: smtp.url,
  MAIL_FROM: 'creators@example.org',
  PUBLIC_URL: 'https://apply.example.org',
});

const body = JSON.stringify(validApplication());
const receivedAt = new Map<string, number>();

async function submit(): Promise<void> {
  const response = await fetch(`${server.url}/api/syncPage/aldmere-creators`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body,
  });
  const stored = (await response.json()) as { id: string; receivedAt: string };
  receivedAt.set(stored.id, Date.parse(stored.receivedAt));
}

const acceptedAt = new Map<string, number>();
const mark = () => {
  for (const message of smtp.messages) {
    const id = /open=([0-9a-f-]{36})/.exec(message.text ?? '')?.[1];
    if (id && !acceptedAt.has(id)) acceptedAt.set(id, message.acceptedAtMs);
  }
};

/** Submits `count` applications `perSecond` a second, waits for their e-mails, returns latencies. */
async function run(count: number, perSecond: number): Promise<number[]> {
  const before = smtp.messages.length;
  const started = performance.now();
  const submissions: Promise<void>[] = [];
  for (let index = 0; index < count; index += 1) {
    const due = started + (index * 1000) / perSecond;
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, due - performance.now())),
    );
    submissions.push(submit());
  }
  await Promise.all(submissions);
  await smtp.waitFor(before + count, 60_000);
  mark();
  return [...receivedAt.entries()]
    .filter(([id]) => acceptedAt.has(id))
    .map(([id, at]) => (acceptedAt.get(id) ?? 0) - at);
}

let isOver = false;
const budget = budgets.deliveryP99MsMax ?? Infinity;
for (const [name, count, perSecond] of [
  ['idle (one every 200 ms)', 50, 5],
  ['under 50 submissions/s', 500, 50],
] as const) {
  receivedAt.clear();
  acceptedAt.clear();
  const latencies = await run(count, perSecond);
  const p99 = percentile(latencies, 99);
  if (p99 > budget) isOver = true;
  process.stdout.write(
    `commit → SMTP accept, ${name.padEnd(24)} p50 ${String(percentile(latencies, 50)).padStart(5)} ms  p99 ${String(p99).padStart(5)} ms  (${latencies.length} e-mails)  ${p99 <= budget ? `within ${budget}` : `OVER ${budget}`}\n`,
  );
}
await server.stop();
await smtp.close();
process.exit(isOver ? 1 : 0);
