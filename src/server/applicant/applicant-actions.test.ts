import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  applicantFetch,
  applyAs,
  signInAs,
} from '../../../tests/support/applicant.ts';
import { engines } from '../../../tests/support/databases.ts';
import { exampleConfig } from '../../../tests/support/fixtures.ts';
import { startMessagingServer } from '../../../tests/support/messaging-server.ts';
import { requestAs, staffMember } from '../../../tests/support/staff.ts';
import { decisionEmail } from '../notifications/decision-messages.ts';
import { messageSettingsOf } from '../notifications/messaging.ts';
import { defaultNotificationConfig } from '../notifications/notification-config.ts';

const publicUrl = 'https://apply.example.org';
const callTitle = 'Creator Application · Visit Aldmere Coast';
const mePageLine = `See where your application stands: ${publicUrl}/me`;

describe.each(engines)(
  'what an applicant does on their page on %s',
  (engine) => {
    let running: Awaited<ReturnType<typeof startMessagingServer>>;
    let server: (typeof running)['server'] & { origin: string };
    let staff: ReturnType<typeof requestAs>;
    let cookie = '';
    const ids = { first: '', second: '', grace: '' };

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
      server = { ...running.server, origin: publicUrl };
      staff = requestAs(
        server,
        await staffMember(
          server,
          'rita@example.org',
          'admin',
          'a long enough secret',
          publicUrl,
        ),
        publicUrl,
      );
      ids.first = await applyAs(server, 'ada@example.com');
      ids.second = await applyAs(server, 'Ada+again@example.com');
      ids.grace = await applyAs(server, 'grace@example.com', 'Grace');
      cookie = await signInAs(
        server,
        'ada@example.com',
        'Ada+again@example.com',
      );
    });
    afterAll(() => running.close());

    const me = (method: string, path: string) =>
      applicantFetch(server, method, `/api/me${path}`, { cookie });
    const page = async () =>
      (await (await me('GET', '')).json()) as {
        applications: Array<{ id: string; status: string; statusText: string }>;
      };

    test('over HTTPS the session cookie is __Host- and Secure, and the page lists each application the person sent, newest first', async () => {
      expect(cookie).toMatch(/^__Host-applicant=/);
      const { applications } = await page();
      expect(applications.map((each) => each.id)).toEqual([
        ids.second,
        ids.first,
      ]);
    });

    test('every e-mail to an applicant leads to their page: the receipt, a decision, and the link itself', async () => {
      const mailTo = (recipient: string, subject: string) =>
        vi.waitFor(() => {
          const found = running.smtp.messages.find(
            (mail) =>
              mail.envelopeTo.some((to) => to.toLowerCase() === recipient) &&
              mail.subject?.startsWith(subject),
          );
          if (!found) throw new Error(`no e-mail to ${recipient} yet`);
          return found;
        });
      expect(
        (await mailTo('ada@example.com', 'We have your application')).text,
      ).toContain(mePageLine);
      // The link went to the address of the person's newest application.
      const link = await mailTo('ada+again@example.com', 'Your link');
      expect(link.text).toContain(`${publicUrl}/me?token=`);
      const settings = messageSettingsOf(exampleConfig(), publicUrl, {});
      expect(
        decisionEmail(
          { subject: 'Yes', body: 'Welcome.' },
          'accepted',
          settings,
        ).text,
      ).toContain(`Welcome.\n\n${mePageLine}`);
    });

    test('a decision shows only once the applicant has been told it', async () => {
      expect(
        (
          await staff('POST', `/api/review/applications/${ids.second}/stage`, {
            stage: 'accepted',
          })
        ).status,
      ).toBe(200);
      const statusOfSecond = async () =>
        (await page()).applications.find((each) => each.id === ids.second);
      expect(await statusOfSecond()).toMatchObject({
        status: 'in_review',
        statusText: 'In review',
      });
      await server.database.db
        .updateTable('applications')
        .set({ told_stage: 'accepted' })
        .where('id', '=', ids.second)
        .execute();
      expect(await statusOfSecond()).toMatchObject({
        status: 'accepted',
        statusText: 'Accepted',
      });
    });

    test('withdrawing moves the application to Withdrawn, records it as the applicant’s, and tells the team', async () => {
      expect(
        (await me('POST', `/applications/${ids.grace}/withdraw`)).status,
      ).toBe(404);
      const response = await me('POST', `/applications/${ids.first}/withdraw`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: ids.first,
        call: { title: callTitle },
        status: 'withdrawn',
        statusText: 'Withdrawn',
      });
      const again = await me('POST', `/applications/${ids.first}/withdraw`);
      expect(again.status).toBe(409);
      expect(((await again.json()) as { message: string }).message).toBe(
        'You have already withdrawn this application.',
      );

      const detail = (await (
        await staff('GET', `/api/review/applications/${ids.first}`)
      ).json()) as {
        stage: string;
        history: Array<{ actor: string; from: string; to: string }>;
      };
      expect(detail.stage).toBe('withdrawn');
      expect(detail.history).toEqual([
        expect.objectContaining({
          actor: 'applicant',
          from: 'new',
          to: 'withdrawn',
        }),
      ]);
      const audit = await server.database.db
        .selectFrom('audit_log')
        .select(['actor', 'action', 'detail'])
        .where('subject', '=', ids.first)
        .execute();
      expect(audit).toEqual([
        {
          actor: 'applicant',
          action: 'stage_moved',
          detail: `new → withdrawn; call ${callTitle} (aldmere-creators)`,
        },
      ]);

      const told = await vi.waitFor(() => {
        const found = running.smtp.messages.filter(
          (mail) => mail.subject === `Ada Lovelace withdrew from ${callTitle}`,
        );
        if (found.length < 2) throw new Error('the team is not told yet');
        return found;
      });
      expect(told.map((mail) => mail.envelopeTo[0]).sort()).toEqual([
        'rita@example.org',
        'team@example.org',
      ]);
      expect(told[0]?.text).toContain(`${publicUrl}/review?open=${ids.first}`);
      const hook = await vi.waitFor(() => {
        const found = running.hooks.received
          .map(
            (each) =>
              JSON.parse(each.body) as { type: string; data: { to?: string } },
          )
          .find(
            (body) =>
              body.type === 'application.stage_changed' &&
              body.data.to === 'withdrawn',
          );
        if (!found) throw new Error('no webhook of the withdrawal yet');
        return found;
      });
      expect(hook.data).toMatchObject({
        id: ids.first,
        from: 'new',
        by: 'applicant',
      });
    });

    test('the export holds what the person gave and what became of it, and none of the team’s work', async () => {
      const note = 'Lovely light in the reels, ask about May';
      expect(
        (
          await staff('POST', `/api/review/applications/${ids.second}/notes`, {
            body: note,
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await staff('PUT', `/api/review/applications/${ids.second}/vote`, {
            value: 1,
          })
        ).status,
      ).toBe(204);
      await server.database.db
        .updateTable('applications')
        .set({
          hidden: JSON.stringify({ ref: 'hotel-alpenhof' }),
          click_id: 'gclid=Cj0KCQ-abc',
        })
        .where('id', '=', ids.second)
        .execute();
      const response = await me('GET', '/export');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="my-applications-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const text = await response.text();
      expect(text).not.toContain(note);
      expect(text).not.toContain('rita@example.org');
      const data = JSON.parse(text) as {
        email: string;
        applications: Array<{
          id: string;
          status: string;
          answers: { personalInfo: { emailAddress: string } };
          hidden: Record<string, string>;
          clickId: string | null;
          history: Array<{ status: string }>;
        }>;
        emails: Array<{ subject: string }>;
        signInLinks: Array<{ askedAt: string; usedAt: string | null }>;
      };
      expect(data.email).toBe('Ada+again@example.com');
      expect(data.applications.map((each) => [each.id, each.status])).toEqual([
        [ids.second, 'accepted'],
        [ids.first, 'withdrawn'],
      ]);
      // What its address carried is theirs to read too.
      expect(
        data.applications.map((each) => [each.hidden, each.clickId]),
      ).toEqual([
        [{ ref: 'hotel-alpenhof' }, 'gclid=Cj0KCQ-abc'],
        [{}, null],
      ]);
      expect(data.applications[1]?.answers.personalInfo.emailAddress).toBe(
        'ada@example.com',
      );
      expect(data.applications[1]?.history.map((move) => move.status)).toEqual([
        'received',
        'withdrawn',
      ]);
      expect(data.emails.map((email) => email.subject)).toEqual(
        expect.arrayContaining([
          'We have your application, Ada',
          'Your link to your applications to Visit Aldmere Coast',
        ]),
      );
      expect(data.signInLinks).toEqual([
        expect.objectContaining({ usedAt: expect.any(String) }),
      ]);
    });

    test('erasing an application removes it as the workspace’s erase does, audited as the applicant’s', async () => {
      expect((await me('DELETE', `/applications/${ids.grace}`)).status).toBe(
        404,
      );
      const response = await me('DELETE', `/applications/${ids.first}`);
      expect(response.status).toBe(204);
      const { db } = server.database;
      expect(
        await db
          .selectFrom('applications')
          .select('id')
          .where('id', '=', ids.first)
          .execute(),
      ).toEqual([]);
      expect(
        await db
          .selectFrom('stage_moves')
          .select('id')
          .where('application_id', '=', ids.first)
          .execute(),
      ).toEqual([]);
      expect(
        await db
          .selectFrom('audit_log')
          .select(['actor', 'action'])
          .where('subject', '=', ids.first)
          .where('action', '=', 'erased')
          .execute(),
      ).toEqual([{ actor: 'applicant', action: 'erased' }]);
      expect((await page()).applications.map((each) => each.id)).toEqual([
        ids.second,
      ]);
      expect((await me('DELETE', `/applications/${ids.first}`)).status).toBe(
        404,
      );
    });
  },
);
