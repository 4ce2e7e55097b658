import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startMessagingServer } from '../../../tests/support/messaging-server.ts';
import { staffFetch, staffMember } from '../../../tests/support/staff.ts';
import { defaultNotificationConfig } from './notification-config.ts';

const password = 'a long enough secret';
const publicUrl = 'https://apply.example.org';

describe.each(engines)('e-mails and webhooks on %s', (engine) => {
  let running: Awaited<ReturnType<typeof startMessagingServer>>;
  let { smtp, hooks, server, webhookSecret } = {} as typeof running;
  let cookie = '';

  beforeAll(async () => {
    running = await startMessagingServer({
      engine,
      publicUrl,
      webhookStatuses: [500, 500, 500],
      messaging: {
        notifications: {
          ...defaultNotificationConfig,
          staffEmails: ['team@example.org'],
          confirmApplicant: true,
        },
        retry: {
          firstDelayMs: 100,
          longestDelayMs: 1_000,
          giveUpAfterMs: 60_000,
        },
        pollMs: 50,
      },
    });
    ({ smtp, hooks, server, webhookSecret } = running);
    cookie = await staffMember(
      server,
      'rita@example.org',
      'reviewer',
      password,
      publicUrl,
    );
    await staffMember(server, 'dan@example.org', 'reviewer', password);
    await server.database.db
      .updateTable('staff_accounts')
      .set({ notify: 'digest' })
      .where('email', '=', 'dan@example.org')
      .execute();
  });
  afterAll(() => running.close());

  const send = (method: string, path: string, body?: unknown) =>
    staffFetch(server, { cookie, origin: publicUrl }, method, path, body);

  test('a new application e-mails the staff who want each one and the shared inbox, thanks the applicant, and posts a signed webhook after the receiver recovers', async () => {
    const response = await putApplication(
      server.baseUrl,
      validApplication({ emailAddress: 'ada.applicant@example.com' }),
      { key: randomUUID() },
    );
    const { id } = (await response.json()) as { id: string };
    const mails = await smtp.waitFor(3);
    const byRecipient = new Map(
      mails.map((mail) => [mail.envelopeTo.join(','), mail]),
    );
    expect([...byRecipient.keys()].sort()).toEqual([
      'ada.applicant@example.com',
      'rita@example.org',
      'team@example.org',
    ]);
    const staffMail = byRecipient.get('rita@example.org');
    expect(staffMail?.subject).toBe('New application: Ada Lovelace');
    expect(staffMail?.text).toContain(
      `https://apply.example.org/review?open=${id}`,
    );
    expect(staffMail?.text).toContain('Instagram 12,000');
    // Only name, country and platforms: no answer of the form reaches an inbox.
    for (const answer of [
      'Food and slow travel',
      '7700900123',
      'Mary Somerville',
    ])
      expect(`${staffMail?.text}${String(staffMail?.html)}`).not.toContain(
        answer,
      );
    expect(staffMail?.messageId).toMatch(
      /^<[0-9a-f-]{36}@apply\.example\.org>$/,
    );
    expect(staffMail?.from?.value).toEqual([
      { name: 'Visit Aldmere Coast', address: 'creators@example.org' },
    ]);

    const receipt = byRecipient.get('ada.applicant@example.com');
    expect(receipt?.subject).toBe('We have your application, Ada');
    expect(receipt?.text).toContain('Visit Aldmere Coast');
    expect(receipt?.html).toContain('<html lang="en">');
    expect(receipt?.html).toContain('<img src="https://apply.example.org/');

    const [delivered] = await hooks.waitFor(1);
    const tries = hooks.received;
    expect(tries.map((entry) => entry.status)).toEqual([500, 500, 500, 200]);
    expect(
      new Set(tries.map((entry) => entry.headers['webhook-id'])).size,
    ).toBe(1);
    // Each wait at least half the doubling delay: 100, 200, 400 ms (± half, for jitter).
    tries.slice(1).forEach((entry, index) => {
      expect(entry.at - (tries[index]?.at ?? 0)).toBeGreaterThanOrEqual(
        50 * 2 ** index,
      );
    });
    const event = new Webhook(webhookSecret).verify(
      delivered?.body ?? '',
      delivered?.headers as Record<string, string>,
    ) as { type: string; data: { id: string; name: string } };
    expect(event).toMatchObject({
      type: 'application.received',
      data: { id, name: 'Ada Lovelace' },
    });

    await send('POST', `/api/review/applications/${id}/stage`, {
      stage: 'shortlisted',
    });
    const [, moved] = await hooks.waitFor(2);
    expect(JSON.parse(moved?.body ?? '{}')).toMatchObject({
      type: 'application.stage_changed',
      data: { id, from: 'new', to: 'shortlisted', by: 'rita@example.org' },
    });
    expect(smtp.messages).toHaveLength(3);
  });

  test('a decision e-mail is offered, editable, and sent only when staff send it', async () => {
    const response = await putApplication(
      server.baseUrl,
      validApplication({
        firstName: 'Grace',
        emailAddress: 'grace@example.com',
      }),
      { key: randomUUID() },
    );
    const { id } = (await response.json()) as { id: string };
    await smtp.waitFor(6);
    await send('POST', `/api/review/applications/${id}/stage`, {
      stage: 'declined',
    });
    const draft = (await (
      await send(
        'GET',
        `/api/review/applications/${id}/decision-draft?stage=declined`,
      )
    ).json()) as { to: string; subject: string; body: string };
    expect(draft.to).toBe('grace@example.com');
    expect(draft.subject).toBe('Your application to Visit Aldmere Coast');
    expect(draft.body).toMatch(/^Hello Grace,/);
    // A move, and the offer, send nothing by themselves.
    await hooks.waitFor(4);
    expect(smtp.messages).toHaveLength(6);

    const sent = await send('POST', `/api/review/applications/${id}/messages`, {
      stage: 'declined',
      subject: draft.subject,
      body: `${draft.body}\n\nP.S. We loved the coast-path idea.`,
    });
    expect(sent.status).toBe(202);
    const mails = await smtp.waitFor(7);
    expect(mails[6]?.envelopeTo).toEqual(['grace@example.com']);
    expect(mails[6]?.text).toContain('P.S. We loved the coast-path idea.');
    const { emails } = (await (
      await send('GET', `/api/review/applications/${id}/messages`)
    ).json()) as { emails: Array<{ purpose: string; status: string }> };
    expect(emails.map((email) => email.purpose).sort()).toEqual([
      'decision_declined',
      'new_application',
      'new_application',
      'receipt',
    ]);
  });

  test('admins see messages that gave up and retry them; reviewers may not', async () => {
    const [message] = await server.database.db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'sent')
      .limit(1)
      .execute();
    await server.database.db
      .updateTable('outbox')
      .set({ status: 'failed', last_error: 'the receiver answered 500' })
      .where('id', '=', message?.id ?? '')
      .execute();
    expect((await send('GET', '/api/review/messages/failed')).status).toBe(403);
    const admin = { authorization: 'Bearer test-admin-token-0123456789abcdef' };
    const failed = (await (
      await fetch(`${server.baseUrl}/api/review/messages/failed`, {
        headers: admin,
      })
    ).json()) as { messages: Array<{ id: string; lastError: string }> };
    expect(failed.messages).toEqual([
      expect.objectContaining({
        id: message?.id,
        lastError: 'the receiver answered 500',
      }),
    ]);
    const retried = await fetch(
      `${server.baseUrl}/api/review/messages/${message?.id}/retry`,
      { method: 'POST', headers: admin },
    );
    expect(retried.status).toBe(204);
    await expect
      .poll(
        async () =>
          (
            await server.database.db
              .selectFrom('outbox')
              .select('status')
              .where('id', '=', message?.id ?? '')
              .executeTakeFirst()
          )?.status,
      )
      .toBe('sent');
  });

  test('erasing an application erases its messages still waiting', async () => {
    await smtp.down();
    const response = await putApplication(
      server.baseUrl,
      validApplication({ firstName: 'Hedy', emailAddress: 'hedy@example.com' }),
      { key: randomUUID() },
    );
    const { id } = (await response.json()) as { id: string };
    const waiting = () =>
      server.database.db
        .selectFrom('outbox')
        .select('id')
        .where('application_id', '=', id)
        .execute();
    expect((await waiting()).length).toBeGreaterThan(0);
    const erased = await fetch(
      `${server.baseUrl}/api/review/applications/${id}`,
      {
        method: 'DELETE',
        headers: { authorization: `Bearer test-admin-token-0123456789abcdef` },
      },
    );
    expect(erased.status).toBe(204);
    expect(await waiting()).toEqual([]);
    await smtp.up();
  });
});
