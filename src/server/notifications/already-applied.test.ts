import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startMessagingServer } from '../../../tests/support/messaging-server.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { defaultNotificationConfig } from './notification-config.ts';

const publicUrl = 'https://apply.example.org';

describe.each(engines)('a second application on %s', (engine) => {
  let running: Awaited<ReturnType<typeof startMessagingServer>>;

  beforeAll(async () => {
    running = await startMessagingServer({
      engine,
      publicUrl,
      messaging: {
        notifications: {
          ...defaultNotificationConfig,
          staffEmails: ['team@example.org'],
          confirmApplicant: true,
        },
      },
    });
    await staffMember(
      running.server,
      'rita@example.org',
      'reviewer',
      'a long enough secret',
      publicUrl,
    );
  });
  afterAll(() => running.close());

  const apply = async (emailAddress: string) => {
    const response = await putApplication(
      running.server.baseUrl,
      validApplication({ emailAddress }),
      { key: randomUUID() },
    );
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  const outboxOf = (id: unknown) =>
    running.server.database.db
      .selectFrom('outbox')
      .select(['channel', 'purpose', 'recipient'])
      .where('application_id', '=', String(id))
      .orderBy('purpose')
      .execute();

  test('answers as a first one, e-mails the applicant a link to their page instead of a receipt, tells no staff, and names the first in its webhook', async () => {
    const { smtp, hooks } = running;
    const first = await apply('ada.applicant@example.com');
    await smtp.waitFor(3);
    await hooks.waitFor(1);

    const second = await apply('Ada.Applicant+again@Example.COM');
    expect(second.status).toBe(first.status);
    expect(second.type).toBe(first.type);
    expect(Object.keys(second.body).sort()).toEqual(
      Object.keys(first.body).sort(),
    );
    expect(second.body.id).not.toBe(first.body.id);

    const [, , , notice] = await smtp.waitFor(4);
    expect(notice?.envelopeTo).toEqual(['Ada.Applicant+again@example.com']);
    expect(notice?.subject).toBe(
      'You have already applied to Creator Application · Visit Aldmere Coast',
    );
    expect(notice?.text).toContain('https://apply.example.org/me');
    expect(notice?.html).toContain('href="https://apply.example.org/me"');
    expect(await outboxOf(second.body.id)).toEqual([
      {
        channel: 'email',
        purpose: 'already_applied',
        recipient: 'Ada.Applicant+again@Example.COM',
      },
      {
        channel: 'webhook',
        purpose: 'application.received',
        recipient: hooks.url,
      },
    ]);
    const [, delivered] = await hooks.waitFor(2);
    expect(JSON.parse(delivered?.body ?? '{}')).toMatchObject({
      type: 'application.received',
      data: { id: second.body.id, duplicateOf: first.body.id },
    });
  });

  test('a third the same day sends the applicant nothing more: one such e-mail a day', async () => {
    const first = await apply('grace@example.com');
    const second = await apply('grace@example.com');
    const third = await apply('GRACE@example.com');
    expect(third.status).toBe(first.status);
    expect(await outboxOf(second.body.id)).toContainEqual(
      expect.objectContaining({ purpose: 'already_applied' }),
    );
    expect(await outboxOf(third.body.id)).toEqual([
      expect.objectContaining({ purpose: 'application.received' }),
    ]);
  });
});
