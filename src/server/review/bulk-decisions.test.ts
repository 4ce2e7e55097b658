import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { emailThrough, startSmtpServer } from '../../../tests/support/mail.ts';
import { staffFetch, staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const publicUrl = 'https://apply.example.org';
const applicants = 500;
const tag = 'spring-call';

describe.each(engines)('a decision on many applications on %s', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cookie = '';
  const ids: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      engine,
      publicUrl,
      messaging: emailThrough(smtp),
    });
    cookie = await staffMember(
      server,
      'rita@example.org',
      'reviewer',
      'a long enough secret',
      publicUrl,
    );
    // Only the decisions reach the mail server: no e-mail to staff about each application.
    await server.database.db
      .updateTable('staff_accounts')
      .set({ notify: 'none' })
      .execute();
    for (let start = 0; start < applicants; start += 50) {
      const stored = await Promise.all(
        Array.from({ length: 50 }, async (_, offset) => {
          const index = start + offset;
          const response = await putApplication(
            server.baseUrl,
            validApplication({
              firstName: `Ada${index}`,
              emailAddress: `ada${index}@example.com`,
            }),
            { key: randomUUID() },
          );
          return ((await response.json()) as { id: string }).id;
        }),
      );
      ids.push(...stored);
    }
    await send('POST', '/api/review/applications/tags', { ids, add: [tag] });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const send = (method: string, path: string, body?: unknown) =>
    staffFetch(server, { cookie, origin: publicUrl }, method, path, body);
  const declined = async () =>
    (
      (await (
        await send('GET', `/api/review/applications?tag=${tag}&limit=1`)
      ).json()) as { counts: { declined: number } }
    ).counts.declined;
  const decisionRows = () =>
    server.database.db
      .selectFrom('outbox')
      .select(['application_id', 'recipient', 'lane', 'content'])
      .where('purpose', '=', 'decision_declined')
      .execute();

  test('the preview fills the first applicant’s placeholders and counts who would be e-mailed; a wrong count or an unknown placeholder is refused with nothing moved or sent', async () => {
    const preview = await send(
      'POST',
      '/api/review/applications/decision-preview',
      { ids, stage: 'declined' },
    );
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({
      subject: 'Your application to {organisation}',
      body: expect.stringMatching(/^Hello \{firstName\},/) as unknown,
      example: {
        to: 'ada0@example.com',
        values: {
          firstName: 'Ada0',
          name: 'Ada0 Lovelace',
          organisation: 'Visit Aldmere Coast',
          callTitle: 'Creator Application · Visit Aldmere Coast',
        },
      },
      applications: applicants,
      recipients: applicants,
      alreadySent: 0,
      withoutAddress: 0,
    });

    const stale = await send('POST', '/api/review/applications/decisions', {
      view: { tag },
      expected: applicants - 1,
      stage: 'declined',
      subject: 'Your application',
      body: 'Hello {firstName}',
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      error: 'selection_changed',
      message: expect.stringContaining('the list changed') as unknown,
    });

    const typo = await send('POST', '/api/review/applications/decisions', {
      ids,
      stage: 'declined',
      subject: 'Your application',
      body: 'Hello {firstname},\n\nthank you.',
    });
    expect(typo.status).toBe(400);
    expect(await typo.json()).toMatchObject({
      error: 'validation',
      issues: [
        {
          path: 'body',
          message:
            '{firstname} is filled in for nobody: use {firstName}, {name}, {organisation}, {callTitle}, or write the text itself.',
        },
      ],
    });
    expect(await declined()).toBe(0);
    expect(await decisionRows()).toEqual([]);
  });

  test('declining 500 in one action moves them and sends 500 e-mails with the edited text, each filled for its applicant and recorded on its application, with one audit entry; doing it again e-mails nobody twice', async () => {
    const sent = await send('POST', '/api/review/applications/decisions', {
      view: { tag },
      expected: applicants,
      stage: 'declined',
      subject: 'About your application, {firstName}',
      body: 'Hello {firstName},\n\nwe chose other creators this time. Edited by Rita.\n\n{organisation}',
    });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({
      moved: applicants,
      emailed: applicants,
      withdrawn: 0,
    });
    expect(await declined()).toBe(applicants);

    const mails = await smtp.waitFor(applicants, 60_000);
    expect(mails).toHaveLength(applicants);
    expect(new Set(mails.map((mail) => mail.envelopeTo.join()))).toEqual(
      new Set(ids.map((_, index) => `ada${index}@example.com`)),
    );
    for (const mail of mails) {
      const index = /^ada(\d+)@/.exec(mail.envelopeTo[0] ?? '')?.[1];
      expect(mail.subject).toBe(`About your application, Ada${index}`);
      // The edited text, the line to the applicant's own page, then the line the configured
      // button stands for in plain text.
      expect(mail.text).toMatch(
        new RegExp(
          `^Hello Ada${index},\n\nwe chose other creators this time\\. Edited by Rita\\.\n\nVisit Aldmere Coast\n\nSee where your application stands: https?://[^/]+/me\n\nVisit the creator hub: https?://`,
        ),
      );
    }

    const rows = await decisionRows();
    expect(new Set(rows.map((row) => row.application_id))).toEqual(
      new Set(ids),
    );
    expect(new Set(rows.map((row) => row.lane))).toEqual(new Set(['person']));
    const { emails } = (await (
      await send('GET', `/api/review/applications/${ids[7]}/messages`)
    ).json()) as {
      emails: Array<{ purpose: string; recipient: string; subject: string }>;
    };
    expect(emails).toEqual([
      expect.objectContaining({
        purpose: 'decision_declined',
        recipient: 'ada7@example.com',
        subject: 'About your application, Ada7',
      }),
    ]);

    const audit = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'count', 'detail'])
      .where('action', 'in', ['stages_moved', 'message_sent'])
      .execute();
    expect(audit).toEqual([
      {
        action: 'stages_moved',
        count: applicants,
        detail: `→ declined; every one matching: tag ${tag}; call Creator Application · Visit Aldmere Coast (aldmere-creators); decision e-mail to ${applicants}`,
      },
    ]);

    const preview = await send(
      'POST',
      '/api/review/applications/decision-preview',
      { ids, stage: 'declined' },
    );
    expect(await preview.json()).toMatchObject({
      example: null,
      recipients: 0,
      alreadySent: applicants,
    });
    const again = await send('POST', '/api/review/applications/decisions', {
      ids: ids.slice(0, 10),
      stage: 'declined',
      subject: 'Again',
      body: 'Again',
    });
    expect(await again.json()).toEqual({
      moved: 0,
      emailed: 0,
      withdrawn: 0,
    });
    expect(await decisionRows()).toHaveLength(applicants);
  });
});

test('without e-mail on the server, a decision on several applications is refused as email_off, and nothing moves', async () => {
  const server = await startTestServer({ publicUrl });
  try {
    const cookie = await staffMember(
      server,
      'rita@example.org',
      'reviewer',
      'a long enough secret',
      publicUrl,
    );
    const response = await putApplication(server.baseUrl, validApplication(), {
      key: randomUUID(),
    });
    const { id } = (await response.json()) as { id: string };
    for (const [path, body] of [
      ['decision-preview', { ids: [id], stage: 'accepted' }],
      [
        'decisions',
        { ids: [id], stage: 'accepted', subject: 'Yes', body: 'Yes' },
      ],
    ] as const) {
      const refused = await staffFetch(
        server,
        { cookie, origin: publicUrl },
        'POST',
        `/api/review/applications/${path}`,
        body,
      );
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: 'email_off' });
    }
    const { stage } = await server.database.db
      .selectFrom('applications')
      .select('stage')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stage).toBe('new');
  } finally {
    await server.close();
  }
});
