import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import { useScratchDatabase } from '../../../tests/support/scratch-database.ts';
import {
  exampleConfig,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { createApplicationsRepository } from '../db/applications-repository.ts';
import { createStaffAccounts } from '../staff/staff-accounts.ts';
import { createMessaging } from './messaging.ts';
import { defaultNotificationConfig } from './notification-config.ts';

describe.each(engines)('the daily digest on %s', (engine) => {
  const database = useScratchDatabase(engine);

  const storeAt = (at: string, firstName: string, call = 'aldmere-creators') =>
    createApplicationsRepository(database(), () => new Date(at)).store({
      pageId: call,
      idempotencyKey: randomUUID(),
      configVersion: 'v1',
      payload: validApplication({
        firstName,
        emailAddress: `${firstName.toLowerCase()}@example.com`,
      }),
    });
  const config = exampleConfig();
  const titles: Record<string, string> = {
    'aldmere-creators': 'Summer on the coast 2027',
    'winter-food': 'Winter food trail',
  };
  // {callTitle} in the digest names every call the day's applications were sent to.
  const notifications = {
    ...defaultNotificationConfig,
    templates: {
      ...defaultNotificationConfig.templates,
      digest: {
        ...defaultNotificationConfig.templates.digest,
        subject: '{count} new applications: {callTitle}',
      },
    },
  };
  const messagingAt = (at: string) =>
    createMessaging(
      database(),
      (slug) => ({
        config,
        notifications,
        callTitle: titles[slug ?? 'aldmere-creators'] ?? '',
      }),
      'https://apply.example.org',
      {
        smtpUrl: 'smtp://127.0.0.1:1',
        mailFrom: 'creators@example.org',
      },
      () => new Date(at),
    );

  test('lists the day’s applications once a day to those who chose a digest, from 08:00 UTC, under the call each was sent to', async () => {
    const accounts = createStaffAccounts(database());
    for (const email of ['dan@example.org', 'rita@example.org'])
      await accounts.add({
        email,
        role: 'reviewer',
        password: 'a long enough secret',
      });
    await database()
      .db.updateTable('staff_accounts')
      .set({ notify: 'digest' })
      .where('email', '=', 'dan@example.org')
      .execute();
    await storeAt('2026-11-23T07:59:00.000Z', 'Early');
    await storeAt('2026-11-23T12:00:00.000Z', 'Ada');
    // Ada's second application to the call is on her first: the digest lists her once.
    await storeAt('2026-11-23T12:30:00.000Z', 'Ada');
    await storeAt('2026-11-24T07:00:00.000Z', 'Hedy', 'winter-food');
    await storeAt('2026-11-24T07:30:00.000Z', 'Grace');
    await storeAt('2026-11-24T08:30:00.000Z', 'Late');

    expect(await messagingAt('2026-11-24T07:59:00.000Z').enqueueDigests()).toBe(
      0,
    );
    expect(await messagingAt('2026-11-24T09:00:00.000Z').enqueueDigests()).toBe(
      1,
    );
    expect(await messagingAt('2026-11-24T10:00:00.000Z').enqueueDigests()).toBe(
      0,
    );
    const digests = await database()
      .db.selectFrom('outbox')
      .select(['recipient', 'content'])
      .where('purpose', '=', 'digest')
      .execute();
    expect(digests.map((digest) => digest.recipient)).toEqual([
      'dan@example.org',
    ]);
    const { subject, text } = JSON.parse(digests[0]?.content ?? '{}') as {
      subject: string;
      text: string;
    };
    expect(subject).toBe(
      '3 new applications: Summer on the coast 2027 and Winter food trail',
    );
    const lines = text
      .split('\n')
      .map((line) => line.replace(/open=[\w-]+/, 'open=…'));
    expect(lines.slice(2, 9)).toEqual([
      'Summer on the coast 2027:',
      '- Ada Lovelace (United Kingdom), reach 12,000: https://apply.example.org/review?open=…',
      '- Grace Lovelace (United Kingdom), reach 12,000: https://apply.example.org/review?open=…',
      '',
      'Winter food trail:',
      '- Hedy Lovelace (United Kingdom), reach 12,000: https://apply.example.org/review?open=…',
      '',
    ]);
    expect(text).not.toContain('Early');
    expect(text).not.toContain('Late');
  });
});
