import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startMessagingServer } from '../../../tests/support/messaging-server.ts';
import { staffFetch, staffMember } from '../../../tests/support/staff.ts';
import { createReviewRepository } from './review-repository.ts';

const publicUrl = 'https://apply.example.org';

describe.each(engines)(
  'told decisions and withdrawn applications on %s',
  (engine) => {
    let running: Awaited<ReturnType<typeof startMessagingServer>>;
    let cookie = '';

    beforeAll(async () => {
      running = await startMessagingServer({ engine, publicUrl });
      cookie = await staffMember(
        running.server,
        'rita@example.org',
        'reviewer',
        'a long enough secret',
        publicUrl,
      );
    });
    afterAll(() => running.close());

    const send = (method: string, path: string, body?: unknown) =>
      staffFetch(
        running.server,
        { cookie, origin: publicUrl },
        method,
        path,
        body,
      );
    const apply = async (firstName: string) => {
      const response = await putApplication(
        running.server.baseUrl,
        validApplication({
          firstName,
          emailAddress: `${firstName.toLowerCase()}@example.com`,
        }),
        { key: randomUUID() },
      );
      return ((await response.json()) as { id: string }).id;
    };
    const read = async (id: string) =>
      (await (await send('GET', `/api/review/applications/${id}`)).json()) as {
        stage: string;
        toldStage: string | null;
        history: Array<{ actor: string; from: string; to: string }>;
      };
    /** The applicant withdraws, from their own page: a move by `applicant`. */
    const withdraw = (id: string) =>
      createReviewRepository(running.server.database).moveStage(
        id,
        'withdrawn',
        'applicant',
      );

    test('a decision is told once its e-mail is delivered, not when it is made', async () => {
      const id = await apply('Grace');
      await send('POST', `/api/review/applications/${id}/stage`, {
        stage: 'accepted',
      });
      expect((await read(id)).toldStage).toBeNull();
      const queued = await send(
        'POST',
        `/api/review/applications/${id}/messages`,
        {
          stage: 'accepted',
          subject: 'Welcome aboard',
          body: 'Hello Grace',
        },
      );
      expect(queued.status).toBe(202);
      await expect
        .poll(async () => (await read(id)).toldStage, { timeout: 10_000 })
        .toBe('accepted');
      const mail = running.smtp.messages.find(
        (message) => message.subject === 'Welcome aboard',
      );
      expect(mail?.envelopeTo).toEqual(['grace@example.com']);
    });

    test('staff mark a decision told without an e-mail, audited; without a decision it is refused in words', async () => {
      const id = await apply('Hedy');
      const early = await send('POST', `/api/review/applications/${id}/told`);
      expect(early.status).toBe(409);
      expect(((await early.json()) as { message: string }).message).toMatch(
        /accept or decline/,
      );
      await send('POST', `/api/review/applications/${id}/stage`, {
        stage: 'declined',
      });
      const told = await send('POST', `/api/review/applications/${id}/told`);
      expect(told.status).toBe(200);
      expect(await told.json()).toEqual({ toldStage: 'declined' });
      expect((await read(id)).toldStage).toBe('declined');
      const entry = await running.server.database.db
        .selectFrom('audit_log')
        .select(['actor', 'action'])
        .where('subject', '=', id)
        .where('action', '=', 'decision_told')
        .executeTakeFirst();
      expect(entry).toEqual({
        actor: 'rita@example.org',
        action: 'decision_told',
      });
      const elsewhere = await fetch(
        `${running.server.baseUrl}/api/review/applications/${id}/told`,
        { method: 'POST', headers: { cookie, origin: 'https://evil.example' } },
      );
      expect(elsewhere.status).toBe(403);
      const signedOut = await fetch(
        `${running.server.baseUrl}/api/review/applications/${id}/told`,
        { method: 'POST', headers: { origin: publicUrl } },
      );
      expect(signedOut.status).toBe(401);
      expect(
        (await send('POST', `/api/review/applications/${randomUUID()}/told`))
          .status,
      ).toBe(404);
    });

    test('staff cannot move a withdrawn application nor e-mail it a decision: 409 in words alone, skipped and counted in bulk', async () => {
      const id = await apply('Radia');
      const other = await apply('Karen');
      await withdraw(id);
      const alone = await send('POST', `/api/review/applications/${id}/stage`, {
        stage: 'shortlisted',
      });
      expect(alone.status).toBe(409);
      expect(((await alone.json()) as { message: string }).message).toMatch(
        /applicant withdrew/,
      );
      const bulk = await send('POST', '/api/review/applications/stage', {
        ids: [id, other],
        stage: 'shortlisted',
      });
      expect(await bulk.json()).toEqual({ moved: 1, withdrawn: 1 });
      const oneEmail = await send(
        'POST',
        `/api/review/applications/${id}/messages`,
        { stage: 'declined', subject: 'Your application', body: 'Hello' },
      );
      expect(oneEmail.status).toBe(409);
      expect(((await oneEmail.json()) as { message: string }).message).toMatch(
        /applicant withdrew/,
      );
      const decided = await send('POST', '/api/review/applications/decisions', {
        ids: [id, other],
        stage: 'declined',
        subject: 'Your application',
        body: 'Hello',
      });
      expect(await decided.json()).toEqual({
        moved: 1,
        emailed: 1,
        withdrawn: 1,
      });
      const withdrawn = await read(id);
      expect(withdrawn.stage).toBe('withdrawn');
      expect(withdrawn.history).toEqual([
        expect.objectContaining({
          actor: 'applicant',
          from: 'new',
          to: 'withdrawn',
        }),
      ]);
      const emails = await running.server.database.db
        .selectFrom('outbox')
        .select('purpose')
        .where('application_id', '=', id)
        .where('purpose', 'like', 'decision%')
        .execute();
      expect(emails).toEqual([]);
    });
  },
);
