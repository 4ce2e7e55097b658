import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { Stage } from '#engine/stages.ts';
import { engines } from '../../../tests/support/databases.ts';
import { validApplication } from '../../../tests/support/fixtures.ts';
import { readmeBlock } from '../../../tests/support/readme.ts';
import { useScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { createApplicationsRepository } from '../db/applications-repository.ts';
import { createOutbox } from '../notifications/outbox.ts';
import { createReviewRepository } from '../review/review-repository.ts';
import { createAuditLog } from '../staff/audit-log.ts';
import {
  parseRetentionConfig,
  type RetentionPolicy,
} from './retention-config.ts';
import { createRetentionJob } from './retention-job.ts';

const policy: RetentionPolicy = {
  applications: { declined: { months: 12 }, new: { months: 24 } },
  sentMessages: { days: 30 },
};

describe.each(engines)('the retention job on %s', (engine) => {
  const database = useScratchDatabase(engine);

  const clock = (at: string) => () => new Date(at);
  async function application(
    receivedAt: string,
    moves: Array<[at: string, to: Stage]> = [],
  ): Promise<string> {
    const outcome = await createApplicationsRepository(
      database(),
      clock(receivedAt),
    ).store({
      pageId: 'aldmere-creators',
      idempotencyKey: randomUUID(),
      configVersion: 'v1',
      payload: validApplication(),
    });
    if (outcome.kind !== 'created') throw new Error('not stored');
    for (const [at, to] of moves)
      await createReviewRepository(database(), clock(at)).moveStage(
        outcome.id,
        to,
        'rita@example.org',
      );
    return outcome.id;
  }
  async function message(
    createdAt: string,
    outcome: { sentAt?: string; failed?: boolean },
    applicationId: string | null,
  ): Promise<string> {
    const outbox = createOutbox(database(), { now: clock(createdAt) });
    await outbox.enqueue([
      {
        channel: 'email',
        purpose: applicationId ? 'receipt' : 'digest',
        applicationId,
        recipient: 'someone@example.org',
        content: {
          subject: 'Hello Ada',
          text: 'Ada, Bath',
          html: '<p>Ada</p>',
        },
      },
    ]);
    const { id } = await database()
      .db.selectFrom('outbox')
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .where('created_at', '=', new Date(createdAt).toISOString())
      .executeTakeFirstOrThrow();
    if (outcome.sentAt)
      await createOutbox(database(), { now: clock(outcome.sentAt) }).markSent(
        id,
      );
    if (outcome.failed)
      await database()
        .db.updateTable('outbox')
        .set({ status: 'failed' })
        .where('id', '=', id)
        .execute();
    return id;
  }
  const jobAt = (at: string) =>
    createRetentionJob({
      database: database(),
      repository: createApplicationsRepository(database()),
      audit: createAuditLog(database()),
      policy: () => policy,
      now: clock(at),
    });

  test('erases exactly the applications and message texts that are due, once a day, in one process of several', async () => {
    const declinedLongAgo = await application('2026-01-01T10:00:00.000Z', [
      ['2026-11-30T10:00:00.000Z', 'declined'],
    ]);
    const declinedRecently = await application('2026-01-01T10:00:00.000Z', [
      ['2026-12-02T10:00:00.000Z', 'declined'],
    ]);
    // New for over 24 months: due.
    await application('2025-11-30T10:00:00.000Z');
    const newRecently = await application('2026-01-01T10:00:00.000Z');
    // No rule for Accepted: kept however old.
    const acceptedLongAgo = await application('2020-01-01T10:00:00.000Z', [
      ['2020-02-01T10:00:00.000Z', 'accepted'],
    ]);
    // Declined long ago, then back to New recently: New's clock starts at that move.
    const reconsidered = await application('2024-01-01T10:00:00.000Z', [
      ['2024-02-01T10:00:00.000Z', 'declined'],
      ['2027-06-01T10:00:00.000Z', 'new'],
    ]);

    const sentLongAgo = await message(
      '2027-10-01T10:00:00.000Z',
      { sentAt: '2027-10-01T10:00:05.000Z' },
      declinedRecently,
    );
    const sentRecently = await message(
      '2027-11-20T10:00:00.000Z',
      { sentAt: '2027-11-20T10:00:05.000Z' },
      declinedRecently,
    );
    const failedLongAgo = await message(
      '2027-10-15T10:00:00.000Z',
      { failed: true },
      newRecently,
    );
    // Still to be sent: its text is needed.
    const pendingLongAgo = await message(
      '2027-10-02T10:00:00.000Z',
      {},
      newRecently,
    );
    const digestLongAgo = await message(
      '2027-10-03T10:00:00.000Z',
      { sentAt: '2027-10-03T10:00:05.000Z' },
      null,
    );
    const ofErased = await message(
      '2027-11-25T10:00:00.000Z',
      { sentAt: '2027-11-25T10:00:05.000Z' },
      declinedLongAgo,
    );

    // Two processes look at once: one runs, the other finds the day taken.
    const runs = await Promise.all([
      jobAt('2027-12-01T03:00:00.000Z').runIfDue(),
      jobAt('2027-12-01T03:00:01.000Z').runIfDue(),
    ]);
    expect(runs.filter(Boolean)).toEqual([
      { applications: { new: 1, declined: 1 }, messageTexts: 3, drafts: 0 },
    ]);

    const { db } = database();
    const left = await db.selectFrom('applications').select('id').execute();
    expect(left.map((row) => row.id).sort()).toEqual(
      [declinedRecently, newRecently, acceptedLongAgo, reconsidered].sort(),
    );
    const messages = await db
      .selectFrom('outbox')
      .select(['id', 'content', 'content_erased_at', 'recipient', 'status'])
      .execute();
    const byId = new Map(messages.map((row) => [row.id, row]));
    for (const erased of [sentLongAgo, failedLongAgo, digestLongAgo]) {
      expect(byId.get(erased)?.content).not.toContain('Ada');
      expect(byId.get(erased)?.content_erased_at).toBe(
        '2027-12-01T03:00:00.000Z',
      );
      // The record that it went stays.
      expect(byId.get(erased)?.recipient).toBe('someone@example.org');
    }
    for (const kept of [sentRecently, pendingLongAgo]) {
      expect(byId.get(kept)?.content).toContain('Ada');
      expect(byId.get(kept)?.content_erased_at).toBeNull();
    }
    // Gone with its application.
    expect(byId.has(ofErased)).toBe(false);
    // Its record shows no subject, and an erased failed message cannot be retried into an empty e-mail.
    const outbox = createOutbox(database());
    expect(
      (await outbox.emailsAbout(declinedRecently)).map(
        (email) => email.subject,
      ),
    ).toEqual(['Hello Ada', null]);
    expect(await outbox.retry(failedLongAgo)).toBe(false);

    const audit = await db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'count', 'detail'])
      .where('action', '=', 'retention_erased')
      .execute();
    expect(audit).toEqual([
      {
        actor: null,
        action: 'retention_erased',
        count: 2,
        detail:
          'New after 24 months: 1; Declined after 12 months: 1; message texts after 30 days: 3; saved drafts after 30 days: 0',
      },
    ]);

    // Later the same day: done already. The next day: runs again, with nothing due.
    expect(await jobAt('2027-12-01T23:00:00.000Z').runIfDue()).toBeNull();
    expect(await jobAt('2027-12-02T00:10:00.000Z').runIfDue()).toEqual({
      applications: {},
      messageTexts: 0,
      drafts: 0,
    });
    expect(
      await db
        .selectFrom('audit_log')
        .select('count')
        .where('action', '=', 'retention_erased')
        .execute(),
    ).toHaveLength(2);
  });
});

test('a retention setting names days or months, and a wrong one names its path', () => {
  expect(
    parseRetentionConfig({ applications: { declined: { months: 12 } } }),
  ).toEqual({
    ok: true,
    retention: {
      applications: { declined: { months: 12 } },
      sentMessages: { days: 30 },
    },
  });
  const wrong = parseRetentionConfig({
    applications: { declined: { months: 12, days: 3 }, rejected: { days: 1 } },
    sentMessages: { days: 0 },
  });
  expect(
    wrong.ok
      ? []
      : wrong.issues.map((issue) => `${issue.path}: ${issue.message}`),
  ).toEqual([
    expect.stringMatching(
      /^retention\.applications\.declined: give either days or months/,
    ),
    expect.stringMatching(/^retention\.applications(\.rejected)?: /),
    expect.stringMatching(/^retention\.sentMessages\.days: /),
  ]);
});

test('the README’s retention example is a configuration the server takes', () => {
  const { retention } = JSON.parse(
    `{${readmeBlock('## Retention and erasure', 'json')}}`,
  ) as { retention: unknown };
  expect(parseRetentionConfig(retention)).toEqual({
    ok: true,
    retention: {
      applications: { declined: { months: 12 }, new: { months: 24 } },
      sentMessages: { days: 30 },
    },
  });
});
