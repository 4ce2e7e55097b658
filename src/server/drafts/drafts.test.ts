import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  exampleConfig,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { captureLog } from '../../../tests/support/log-capture.ts';
import { startMessagingServer } from '../../../tests/support/messaging-server.ts';
import { loggerOptions } from '../plugins/request-log.ts';
import { createCallStore } from '../calls/call-store.ts';
import { createApplicationsRepository } from '../db/applications-repository.ts';
import { createRetentionJob } from '../retention/retention-job.ts';
import { createAuditLog } from '../staff/audit-log.ts';
import { draftLifetimeMs } from './draft-store.ts';

const publicUrl = 'https://apply.example.org';
const pageId = 'aldmere-creators';
const answers = {
  personalInfo: { firstName: 'Ada', emailAddress: 'ada@example.com' },
  fields: { single: { whatContent: 'Slow travel by the sea, a secret 77' } },
};

describe.each(engines)('saving answers to continue later on %s', (engine) => {
  let running: Awaited<ReturnType<typeof startMessagingServer>>;
  let { smtp, server } = {} as typeof running;
  const log = captureLog();
  // The server's clock: moved forward to see a draft's 30 days pass.
  let aheadMs = 0;
  const now = () => new Date(Date.now() + aheadMs);

  beforeAll(async () => {
    running = await startMessagingServer({
      engine,
      publicUrl,
      now,
      formPollMs: 50,
      logger: { ...loggerOptions, stream: log.stream },
    });
    ({ smtp, server } = running);
  });
  afterAll(() => running.close());

  const save = (
    body: Record<string, unknown>,
    headers: Record<string, string> = { origin: publicUrl },
  ) =>
    fetch(`${server.baseUrl}/api/drafts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const resume = (token: string) =>
    fetch(`${server.baseUrl}/api/drafts/${encodeURIComponent(token)}`);
  /** Saves, and reads the token from the link of the e-mail that arrives. */
  async function saveAndRead(email: string, step = 2) {
    const before = smtp.messages.length;
    const response = await save({ pageId, email, step, answers });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({});
    const mail = (await smtp.waitFor(before + 1))[before];
    const link =
      /https:\/\/apply\.example\.org\/apply\/([^?\s]+)\?resume=([\w-]+)/.exec(
        mail?.text ?? '',
      );
    expect(link?.[1]).toBe(pageId);
    return { mail, token: link?.[2] ?? '' };
  }
  const draftRows = () =>
    server.database.db.selectFrom('application_drafts').selectAll().execute();

  test('a save e-mails a link whose token brings the answers and the step back, and is stored only as its hash', async () => {
    const { mail, token } = await saveAndRead('Ada@Example.com');
    // The mail server writes the domain in lower case; the address is otherwise as given.
    expect(mail?.envelopeTo).toEqual(['Ada@example.com']);
    expect(mail?.subject).toBe(
      'Your application to Visit Aldmere Coast, saved for later',
    );
    expect(mail?.html).toContain(`?resume=${token}`);
    expect(token).toMatch(/^[\w-]{43}$/);

    const resumed = await resume(token);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('cache-control')).toBe('no-store');
    expect(await resumed.json()).toEqual({ pageId, step: 2, answers });

    const rows = await draftRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(
      createHash('sha256').update(token).digest('hex'),
    );
    expect(rows[0]?.email_key).toBe('ada@example.com');
    expect(JSON.stringify(rows)).not.toContain(token);
    // Neither the answers nor the token reach the log.
    expect(log.lines.join('\n')).not.toContain('secret 77');
    expect(log.lines.join('\n')).not.toContain(token);
  });

  test('saving again as the same person replaces the draft: the older link no longer opens it', async () => {
    const first = await saveAndRead('ada+later@example.com');
    const second = await saveAndRead('ADA@example.com', 3);
    expect((await resume(first.token)).status).toBe(404);
    const again = await resume(second.token);
    expect(((await again.json()) as { step: number }).step).toBe(3);
    expect(
      (await draftRows()).filter((row) => row.email_key === 'ada@example.com'),
    ).toHaveLength(1);
  });

  test('sending an application erases its applicant’s draft of that call, and nobody else’s', async () => {
    const ada = await saveAndRead('ada@example.com');
    const grace = await saveAndRead('grace@example.com');
    const sent = await putApplication(
      server.baseUrl,
      validApplication({ emailAddress: 'Ada+x@example.com' }),
      { key: randomUUID() },
    );
    expect(sent.status).toBe(201);
    const gone = await resume(ada.token);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({
      error: 'not_found',
      message:
        'These saved answers are no longer there: the link has expired, a newer link replaced it, or the application was sent.',
    });
    expect((await resume(grace.token)).status).toBe(200);
  });

  test('after 30 days a link opens nothing, and the retention job deletes the draft', async () => {
    const { token } = await saveAndRead('hedy@example.com');
    aheadMs = draftLifetimeMs - 60_000;
    expect((await resume(token)).status).toBe(200);
    aheadMs = draftLifetimeMs + 60_000;
    try {
      expect((await resume(token)).status).toBe(404);
      const job = createRetentionJob({
        database: server.database,
        repository: createApplicationsRepository(server.database),
        audit: createAuditLog(server.database),
        policy: () => ({ applications: {}, sentMessages: { days: 3650 } }),
        now,
      });
      const run = await job.runIfDue();
      // Every draft saved so far is older than 30 days by this clock.
      expect(run?.drafts).toBeGreaterThanOrEqual(1);
      expect(await draftRows()).toEqual([]);
    } finally {
      aheadMs = 0;
    }
  });

  test('refusals say what is wrong, and keep nothing', async () => {
    const valid = { pageId, email: 'ada@example.com', step: 1, answers };
    const before = (await draftRows()).length;
    const cases: Array<[Response, number, unknown]> = [
      [
        await save(valid, {}),
        403,
        {
          error: 'forbidden_origin',
          message: 'Save your answers from the form’s own page.',
        },
      ],
      [
        await save(valid, { origin: 'https://elsewhere.example' }),
        403,
        expect.objectContaining({ error: 'forbidden_origin' }),
      ],
      [
        await save({ ...valid, pageId: 'nope' }),
        404,
        {
          error: 'not_found',
          message: 'There is no application form "nope".',
        },
      ],
      [
        await save({ ...valid, email: 'ada@localhost' }),
        400,
        {
          error: 'validation',
          issues: [{ path: 'email', message: 'Enter a valid email address' }],
        },
      ],
      [
        await save({ ...valid, step: -1 }),
        400,
        expect.objectContaining({ error: 'validation' }),
      ],
      [
        await save({
          ...valid,
          answers: { fields: { note: 'x'.repeat(70_000) } },
        }),
        413,
        expect.objectContaining({ error: 'payload_too_large' }),
      ],
      [
        await resume('not-a-token-that-was-ever-issued'),
        404,
        expect.objectContaining({ error: 'not_found' }),
      ],
    ];
    for (const [response, status, body] of cases) {
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual(body);
    }
    expect(await draftRows()).toHaveLength(before);
  });

  test('a call that has closed takes no draft, in its own words', async () => {
    await createCallStore(server.database).create({
      slug: 'spring-2026',
      title: 'Spring 2026',
      closesAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
      config: exampleConfig({ pageId: 'spring-2026' }),
      by: null,
    });
    await vi.waitFor(
      async () =>
        expect(
          (await fetch(`${server.baseUrl}/api/form/spring-2026`)).status,
        ).toBe(200),
      { timeout: 10_000, interval: 50 },
    );
    const response = await save({
      pageId: 'spring-2026',
      email: 'ada@example.com',
      step: 1,
      answers,
    });
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({
      error: 'call_closed',
      message:
        'Applications for this call have closed. Thank you for your interest.',
    });
  });
});

test('saves are limited per client address: the eleventh in a minute is refused in words', async () => {
  const running = await startMessagingServer({
    publicUrl,
    rateLimitPerMinute: 30,
  });
  try {
    const save = () =>
      fetch(`${running.server.baseUrl}/api/drafts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl },
        body: JSON.stringify({
          pageId,
          email: 'not an address',
          step: 1,
          answers,
        }),
      });
    for (let count = 0; count < 10; count += 1)
      expect((await save()).status).toBe(400);
    const refused = await save();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
  } finally {
    await running.close();
  }
});
