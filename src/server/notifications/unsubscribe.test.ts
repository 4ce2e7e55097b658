import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { emailThrough, startSmtpServer } from '../../../tests/support/mail.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const publicUrl = 'https://apply.example.org';

describe.each(engines)('one-click unsubscribe on %s', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      engine,
      publicUrl,
      messaging: emailThrough(smtp, { staffEmails: ['team@example.org'] }),
    });
    await staffMember(
      server,
      'rita@example.org',
      'reviewer',
      'a long enough secret',
    );
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const notifyOfRita = async () =>
    (
      await server.database.db
        .selectFrom('staff_accounts')
        .select('notify')
        .where('email', '=', 'rita@example.org')
        .executeTakeFirstOrThrow()
    ).notify;
  const headerOf = (
    mail: (typeof smtp.messages)[number] | undefined,
    name: string,
  ) =>
    mail?.headerLines
      .find((line) => line.key === name)
      ?.line.slice(name.length + 1)
      .trim();
  // Each from another person: a person's second application e-mails no staff.
  const apply = () =>
    putApplication(
      server.baseUrl,
      validApplication({ emailAddress: `${randomUUID()}@example.com` }),
      { key: randomUUID() },
    );

  test('the e-mail carries a signed one-click link; its POST, with no cookie and no Origin, turns the account’s e-mails off', async () => {
    await apply();
    const mails = await smtp.waitFor(2);
    const toRita = mails.find((mail) =>
      mail.envelopeTo.includes('rita@example.org'),
    );
    const toTeam = mails.find((mail) =>
      mail.envelopeTo.includes('team@example.org'),
    );
    expect(headerOf(toRita, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe=One-Click',
    );
    const link = /^<(https:\/\/apply\.example\.org\/unsubscribe\/[^>]+)>$/.exec(
      headerOf(toRita, 'list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeDefined();
    // A shared inbox of the configuration is no account: the configuration names it, not a link.
    expect(headerOf(toTeam, 'list-unsubscribe')).toBeUndefined();
    const path = new URL(link ?? '').pathname;

    // Another account's id with this signature, and a made-up signature, are refused.
    const [, signature] = path.split('/')[2]?.split('.') ?? [];
    for (const forged of [
      `/unsubscribe/${randomUUID()}.${signature}`,
      `${path.slice(0, -4)}AAAA`,
    ]) {
      const refused = await fetch(`${server.baseUrl}${forged}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(refused.status).toBe(404);
    }
    // Opening the link changes nothing (mail scanners open links): it asks, with a button.
    const page = await fetch(`${server.baseUrl}${path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Stop e-mails about new applications?');
    expect(html).toContain(`<form method="post" action="${path}">`);
    expect(await notifyOfRita()).toBe('each');

    const oneClick = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Send each application');
    expect(await notifyOfRita()).toBe('none');
    const audit = await server.database.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'subject', 'detail'])
      .where('action', '=', 'unsubscribed')
      .execute();
    expect(audit).toEqual([
      {
        actor: 'rita@example.org',
        action: 'unsubscribed',
        subject: 'rita@example.org',
        detail: 'was each',
      },
    ]);

    // The next application reaches the shared inbox only.
    await apply();
    const [, , third] = await smtp.waitFor(3);
    expect(third?.envelopeTo).toEqual(['team@example.org']);

    // And the page turns them back on.
    const back = await fetch(`${server.baseUrl}${path}/resubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'notify=digest',
    });
    expect(back.status).toBe(200);
    expect(await notifyOfRita()).toBe('digest');
  });
});
