import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import { exampleConfig } from '../../../tests/support/fixtures.ts';
import { startSmtpServer } from '../../../tests/support/mail.ts';
import { useScratchDatabase } from '../../../tests/support/scratch-database.ts';
import type { OutboxLane } from '../db/tables.ts';
import { createMessaging } from './messaging.ts';
import { defaultNotificationConfig } from './notification-config.ts';
import { createOutbox, type OutgoingMessage } from './outbox.ts';

const emails = (
  count: number,
  purpose: string,
  lane: OutboxLane,
): OutgoingMessage[] =>
  Array.from({ length: count }, (_, index) => ({
    channel: 'email',
    purpose,
    lane,
    applicationId: null,
    recipient: `${purpose}-${index}@example.com`,
    content: {
      subject: `${purpose} ${index}`,
      text: purpose,
      html: `<p>${purpose}</p>`,
    },
  }));

const purposesOf = (claimed: ReadonlyArray<{ purpose: string }>) =>
  claimed.reduce<Record<string, number>>((counts, message) => {
    counts[message.purpose] = (counts[message.purpose] ?? 0) + 1;
    return counts;
  }, {});

describe.each(engines)('the outbox’s lanes on %s', (engine) => {
  // Each test its own outbox: the first one's messages, on a clock of their own, fall due in real
  // time during the second and would be delivered among its own.
  describe('claiming', () => {
    const database = useScratchDatabase(engine);

    test('a message a person sent is claimed before automatic ones due earlier; a quarter of each claim stays with automatic ones while any wait, and goes to people when none do', async () => {
      let clock = Date.parse('2026-11-27T09:00:00.000Z');
      const outbox = createOutbox(database(), { now: () => new Date(clock) });
      await outbox.enqueue(emails(30, 'receipt', 'automatic'));
      clock += 1_000;
      await outbox.enqueue(emails(1, 'decision_declined', 'person'));

      const first = await outbox.claim(20, 60_000);
      expect(first[0]?.purpose).toBe('decision_declined');
      expect(purposesOf(first)).toEqual({ decision_declined: 1, receipt: 19 });

      await outbox.enqueue(emails(40, 'decision_accepted', 'person'));
      // 11 receipts wait: 5 of each claim are theirs.
      expect(purposesOf(await outbox.claim(20, 60_000))).toEqual({
        decision_accepted: 15,
        receipt: 5,
      });
      expect(purposesOf(await outbox.claim(20, 60_000))).toEqual({
        decision_accepted: 15,
        receipt: 5,
      });
      expect(purposesOf(await outbox.claim(20, 60_000))).toEqual({
        decision_accepted: 10,
        receipt: 1,
      });

      await outbox.enqueue(emails(30, 'decision_accepted', 'person'));
      expect(purposesOf(await outbox.claim(20, 60_000))).toEqual({
        decision_accepted: 20,
      });
    });
  });

  describe('delivering', () => {
    const database = useScratchDatabase(engine);

    test('the delivery worker hands a decision e-mail to the mail server among the first of a batch, before 100 receipts that were due before it', async () => {
      const smtp = await startSmtpServer();
      let clock: number | null = Date.now() - 60_000;
      const messaging = createMessaging(
        database(),
        exampleConfig(),
        'https://apply.example.org',
        {
          notifications: defaultNotificationConfig,
          smtpUrl: smtp.url,
          mailFrom: 'creators@example.org',
        },
        () => new Date(clock ?? Date.now()),
      );
      try {
        await messaging.outbox.enqueue(emails(100, 'receipt', 'automatic'));
        clock += 30_000;
        await messaging.outbox.enqueue(
          emails(1, 'decision_accepted', 'person'),
        );
        clock = null;
        await messaging.start(Fastify({ logger: false }).log);
        const arrived = await smtp.waitFor(101, 30_000);
        const position = arrived.findIndex(
          (message) => message.subject === 'decision_accepted 0',
        );
        // One batch is 20 messages, sent over two connections: in a single queue it would come 101st.
        expect(position).toBeGreaterThanOrEqual(0);
        expect(position).toBeLessThan(20);
      } finally {
        await messaging.stop();
        await smtp.close();
      }
    });
  });
});
