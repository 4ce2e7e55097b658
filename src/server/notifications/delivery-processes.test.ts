import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import {
  exampleConfig,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startSmtpServer } from '../../../tests/support/mail.ts';
import { startServerProcess } from '../../../tests/support/server-process.ts';
import type { Database } from '../db/database.ts';
import { createStaffAccounts } from '../staff/staff-accounts.ts';
import { createMessaging } from './messaging.ts';
import { defaultNotificationConfig } from './notification-config.ts';

const mailEnv = (smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'Visit Aldmere Coast <creators@example.org>',
  PUBLIC_URL: 'https://apply.example.org',
  MESSAGE_RETRY_MS: '200',
});

async function addStaff(database: Database) {
  await createStaffAccounts(database).add({
    email: 'rita@example.org',
    role: 'reviewer',
    password: 'a long enough secret',
  });
}

const messageIdsOf = (messages: Array<{ messageId?: string | undefined }>) =>
  messages.map((message) => message.messageId ?? '');

test.skipIf(!engines.includes('postgres'))(
  'two server processes on one PostgreSQL deliver 200 staff e-mails for 200 applications, none twice',
  async () => {
    const smtp = await startSmtpServer();
    const scratch = await scratchDatabase('postgres');
    const database = await scratch.open();
    await addStaff(database);
    const env = { DATABASE_URL: scratch.url ?? '', ...mailEnv(smtp.url) };
    const servers = await Promise.all([
      startServerProcess(env),
      startServerProcess(env),
    ]);
    try {
      for (let batch = 0; batch < 10; batch += 1)
        await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            putApplication(
              servers[index % 2]?.url ?? '',
              // Each from another person: a person's second application e-mails no staff.
              validApplication({
                emailAddress: `ada-${batch}-${index}@example.com`,
              }),
              { key: randomUUID() },
            ),
          ),
        );
      const messages = await smtp.waitFor(200, 30_000);
      // Settled: nothing more arrives once every message is marked sent.
      await expect
        .poll(
          async () =>
            (
              await database.db
                .selectFrom('outbox')
                .select('id')
                .where('status', '<>', 'sent')
                .execute()
            ).length,
        )
        .toBe(0);
      expect(smtp.messages).toHaveLength(200);
      expect(new Set(messageIdsOf(messages)).size).toBe(200);
      expect(
        new Set(messages.flatMap((message) => message.envelopeTo)),
      ).toEqual(new Set(['rita@example.org']));
    } finally {
      for (const server of servers) server.process.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
      await database.close();
      await scratch.drop();
      await smtp.close();
    }
  },
  90_000,
);

test('a server killed (kill -9) before its messages went out delivers them after restart', async () => {
  const smtp = await startSmtpServer();
  await smtp.down();
  const scratch = await scratchDatabase('sqlite');
  const database = await scratch.open();
  await addStaff(database);
  const env = { SQLITE_PATH: scratch.sqlitePath, ...mailEnv(smtp.url) };
  let server = await startServerProcess(env);
  try {
    for (let index = 0; index < 3; index += 1)
      expect(
        (
          await putApplication(
            server.url,
            validApplication({ emailAddress: `ada-${index}@example.com` }),
            { key: randomUUID() },
          )
        ).status,
      ).toBe(201);
    // Committed and tried once (the mail server is away), not delivered.
    await expect
      .poll(
        async () =>
          (
            await database.db
              .selectFrom('outbox')
              .select('attempts')
              .where('status', '=', 'pending')
              .where('attempts', '>', 0)
              .where('locked_until', 'is', null)
              .execute()
          ).length,
      )
      .toBe(3);
    server.process.kill('SIGKILL');
    await server.exited;
    await smtp.up();
    server = await startServerProcess(env);
    const messages = await smtp.waitFor(3, 20_000);
    expect(new Set(messageIdsOf(messages)).size).toBe(3);
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
    await database.close();
    await smtp.close();
  }
});

test('with the mail server away for a minute, every message arrives once it is back, each once', async () => {
  const smtp = await startSmtpServer();
  await smtp.down();
  const scratch = await scratchDatabase('sqlite');
  const database = await scratch.open();
  // The outbox's own clock: the minute passes one try at a time, as soon as each try is over.
  const wentDownAt = Date.parse('2026-11-27T09:00:00.000Z');
  let clock = wentDownAt;
  const messaging = createMessaging(
    database,
    exampleConfig(),
    'https://apply.example.org',
    {
      notifications: defaultNotificationConfig,
      smtpUrl: smtp.url,
      mailFrom: 'Visit Aldmere Coast <creators@example.org>',
      retry: {
        firstDelayMs: 1_000,
        longestDelayMs: 8_000,
        giveUpAfterMs: 3_600_000,
      },
      pollMs: 10,
    },
    () => new Date(clock),
  );
  const stored = () =>
    database.db
      .selectFrom('outbox')
      .select(['status', 'attempts', 'locked_until', 'next_attempt_at'])
      .execute();
  /** Waits for every message to have been tried `tries` times, then moves the clock to when all are due again. */
  const afterTry = async (tries: number) => {
    await expect
      .poll(
        async () =>
          (await stored()).every(
            (row) => row.attempts >= tries && row.locked_until === null,
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    clock = Math.max(
      ...(await stored()).map((row) => Date.parse(row.next_attempt_at)),
    );
  };
  try {
    await messaging.outbox.enqueue(
      Array.from({ length: 5 }, (_, index) => ({
        channel: 'email' as const,
        purpose: 'receipt',
        lane: 'automatic' as const,
        applicationId: null,
        recipient: `ada-${index}@example.com`,
        content: {
          subject: `Received ${index}`,
          text: 'Received',
          html: '<p>Received</p>',
        },
      })),
    );
    await messaging.start(Fastify({ logger: false }).log);
    let tries = 0;
    while (clock - wentDownAt < 60_000) await afterTry((tries += 1));
    // Exponential waits of 1 s up to 8 s, each spread by half: more than five tries in a minute.
    expect(tries).toBeGreaterThan(5);
    expect(smtp.messages).toHaveLength(0);
    expect(new Set((await stored()).map((row) => row.status))).toEqual(
      new Set(['pending']),
    );

    await smtp.up();
    const messages = await smtp.waitFor(5, 20_000);
    // Settled: nothing more goes out once every message is marked sent.
    await expect
      .poll(async () => (await stored()).every((row) => row.status === 'sent'))
      .toBe(true);
    expect(smtp.messages).toHaveLength(5);
    expect(new Set(messageIdsOf(messages)).size).toBe(5);
  } finally {
    await messaging.stop();
    await database.close();
    await smtp.close();
  }
});
