import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validApplication } from '../tests/support/fixtures.ts';
import { startSmtpServer } from '../tests/support/mail.ts';
import { percentile } from '../tests/support/percentile.ts';
import { openDatabase } from '../src/server/db/database.ts';
import {
  createOutbox,
  type OutgoingMessage,
} from '../src/server/notifications/outbox.ts';
import { startCompiledServer } from './support/compiled-server.ts';
import { budgets } from './support/budgets.ts';

// How long a decision e-mail a person sends waits while the outbox holds a burst of 10,000
// receipts: from the moment the workspace's Send is posted to the moment a real SMTP server in this
// process accepts the message. The relay is slow on purpose (each message accepted 10 ms after it
// arrives, over the server's two pooled connections), so the burst takes minutes to drain, as it
// does through a real provider. The baseline is the same send with the outbox empty, in the same
// run. Against the compiled server (`npm run build` first) on SQLite. Fails past the budget in
// bench/budgets.json.
const budget = budgets.decisionUnderBurstMsMax ?? Infinity;
const burst = 10_000;
const sends = 5;
const publicUrl = 'https://apply.example.org';
const adminToken = randomUUID() + randomUUID();

const smtp = await startSmtpServer(0, { acceptDelayMs: 10 });
const sqlitePath = join(mkdtempSync(join(tmpdir(), 'wizard-bench-')), 'a.db');
const database = await openDatabase({ sqlitePath });
const server = await startCompiledServer({
  SQLITE_PATH: sqlitePath,
  SMTP_URL: smtp.url,
  MAIL_FROM: 'creators@example.org',
  PUBLIC_URL: publicUrl,
  ADMIN_TOKEN: adminToken,
});

const stored = await fetch(`${server.url}/api/syncPage/aldmere-creators`, {
  method: 'PUT',
  headers: {
    'content-type': 'application/json',
    'idempotency-key': randomUUID(),
  },
  body: JSON.stringify(validApplication()),
});
const { id } = (await stored.json()) as { id: string };

/** Sends a decision e-mail as the workspace does and returns the ms until the mail server has it. */
async function sendDecision(subject: string): Promise<number> {
  const started = Date.now();
  const response = await fetch(
    `${server.url}/api/review/applications/${id}/messages`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${adminToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        stage: 'accepted',
        subject,
        body: 'Hello Ada,\n\nwe would love to host you in May.',
      }),
    },
  );
  if (response.status !== 202)
    throw new Error(`the decision was answered ${response.status}`);
  for (;;) {
    const arrived = smtp.messages.find(
      (message) => message.subject === subject,
    );
    if (arrived) return arrived.acceptedAtMs - started;
    await smtp.waitFor(smtp.messages.length + 1, 60_000);
  }
}

const receiptsWaiting = async () =>
  Number(
    (
      await database.db
        .selectFrom('outbox')
        .select((select) => select.fn.countAll().as('count'))
        .where('purpose', '=', 'receipt')
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
    ).count,
  );
const receiptsSent = () =>
  smtp.messages.filter((message) => message.subject === 'We have it').length;

const baseline: number[] = [];
for (let send = 0; send < sends; send += 1)
  baseline.push(await sendDecision(`Baseline ${send}`));

// The burst, written as the server writes receipts: into its outbox, from another process.
const outbox = createOutbox(database);
const receipts: OutgoingMessage[] = Array.from(
  { length: burst },
  (_, index) => ({
    channel: 'email',
    purpose: 'receipt',
    applicationId: null,
    recipient: `applicant-${index}@example.com`,
    content: {
      subject: 'We have it',
      text: 'Hello,\n\nyour application has arrived safely.',
      html: '<p>Hello,</p><p>your application has arrived safely.</p>',
    },
  }),
);
for (let start = 0; start < burst; start += 1_000)
  await outbox.enqueue(receipts.slice(start, start + 1_000));
// The server's worker finds them at its next look; the burst is under way once some arrive.
await smtp.waitFor(sends + 100, 60_000);
const burstStarted = { at: Date.now(), sent: receiptsSent() };

const underBurst: number[] = [];
const ahead: number[] = [];
for (let send = 0; send < sends; send += 1) {
  ahead.push(await receiptsWaiting());
  underBurst.push(await sendDecision(`Under the burst ${send}`));
}
const receiptsPerSecond =
  ((receiptsSent() - burstStarted.sent) * 1000) /
  (Date.now() - burstStarted.at);
const waitingAhead = percentile(ahead, 50);

const line = (name: string, latencies: number[]) =>
  `${name.padEnd(34)} median ${String(percentile(latencies, 50)).padStart(5)} ms  max ${String(Math.max(...latencies)).padStart(5)} ms  (${latencies.length} sends)`;
const worst = Math.max(...underBurst);
process.stdout.write(
  [
    `decision e-mail, Send → SMTP accept, slow relay (10 ms a message), compiled server on SQLite`,
    line('outbox empty (baseline)', baseline),
    `${line(`${burst.toLocaleString('en')} receipts queued`, underBurst)}  ${worst <= budget ? `within ${budget}` : `OVER ${budget}`}`,
    `receipts waiting ahead of it: median ${waitingAhead.toLocaleString('en')}, delivered at ${receiptsPerSecond.toFixed(0)}/s: in one first-in-first-out queue it would have waited about ${(waitingAhead / receiptsPerSecond).toFixed(0)} s`,
    '',
  ].join('\n'),
);
await server.stop();
await database.close();
await smtp.close();
process.exit(worst > budget ? 1 : 0);
