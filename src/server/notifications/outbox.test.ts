import { describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import { useScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { createOutbox, defaultRetryPolicy, retryDelayMs } from './outbox.ts';

test('waits twice as long after each failure, up to the longest wait, spread by half either way', () => {
  const policy = {
    ...defaultRetryPolicy,
    firstDelayMs: 1_000,
    longestDelayMs: 10_000,
  };
  expect(
    [1, 2, 3, 4, 5, 9].map((attempts) =>
      retryDelayMs(attempts, policy, () => 0.5),
    ),
  ).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  expect(retryDelayMs(3, policy, () => 0)).toBe(2_000);
  expect(retryDelayMs(3, policy, () => 0.999_999)).toBe(6_000);
});

describe.each(engines)('the outbox on %s', (engine) => {
  const database = useScratchDatabase(engine);
  let clock = Date.parse('2026-11-24T09:00:00.000Z');
  const outbox = () =>
    createOutbox(database(), {
      now: () => new Date(clock),
      retry: {
        firstDelayMs: 1_000,
        longestDelayMs: 60_000,
        giveUpAfterMs: 120_000,
      },
    });

  test('a claimed message is nobody else’s until its lease lapses, is retried later after a failure, and fails for good after the time to give up', async () => {
    await outbox().enqueue([
      {
        channel: 'email',
        purpose: 'receipt',
        applicationId: null,
        recipient: 'ada@example.com',
        content: { subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' },
      },
    ]);
    const [first] = await outbox().claim(10, 30_000);
    expect(first).toMatchObject({ attempts: 1, recipient: 'ada@example.com' });
    expect(await outbox().claim(10, 30_000)).toEqual([]);
    clock += 30_001;
    const [again] = await outbox().claim(10, 30_000);
    expect(again).toMatchObject({ id: first?.id, attempts: 2 });

    expect(await outbox().markFailedAttempt(again!, 'connection refused')).toBe(
      'retrying',
    );
    expect(await outbox().claim(10, 30_000)).toEqual([]);
    clock += 3_000;
    const [third] = await outbox().claim(10, 30_000);
    expect(third?.attempts).toBe(3);
    clock += 100_000;
    expect(await outbox().markFailedAttempt(third!, 'connection refused')).toBe(
      'failed',
    );
    expect(await outbox().failed()).toEqual([
      expect.objectContaining({
        id: first?.id,
        subject: 'Hello',
        lastError: 'connection refused',
      }),
    ]);
    expect(await outbox().retry(first?.id ?? '')).toBe(true);
    const [retried] = await outbox().claim(10, 30_000);
    expect(retried?.id).toBe(first?.id);
    await outbox().markSent(first?.id ?? '');
    expect(await outbox().failed()).toEqual([]);
  });

  test('a message with a key already written is written once', async () => {
    const digest = {
      channel: 'email' as const,
      purpose: 'digest',
      applicationId: null,
      recipient: 'dan@example.org',
      dedupeKey: 'digest:dan:2026-11-24',
      content: { subject: 'Digest', text: 'Digest', html: '<p>Digest</p>' },
    };
    expect(await outbox().enqueue([digest])).toBe(1);
    expect(await outbox().enqueue([digest])).toBe(0);
  });
});
