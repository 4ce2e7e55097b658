import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  exampleConfig,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { callServed } from '../../../tests/support/calls.ts';
import { startMessagingServer } from '../../../tests/support/messaging-server.ts';
import { staffFetch, staffMember } from '../../../tests/support/staff.ts';

const password = 'a long enough secret';
const publicUrl = 'https://apply.example.org';
const defaultCall = {
  slug: exampleConfig().pageId,
  title: 'Creator Application · Visit Aldmere Coast',
};
const winter = { slug: 'winter-food', title: 'Winter food trail' };

/** The winter call's form: the default call's, with its own receipt and decline. */
const winterForm = exampleConfig({
  notifications: {
    confirmApplicant: true,
    templates: {
      receipt: {
        subject: '{callTitle}: we have your application, {firstName}',
        body: 'Hello {firstName},\n\nthank you for applying to {callTitle}.',
      },
      declined: {
        subject: 'About {callTitle}',
        body: 'Hello {firstName},\n\nthe {callTitle} is full this year.',
        button: 'See the other calls of {organisation}',
      },
    },
  },
});

type Webhook = {
  type: string;
  data: { id: string; call: { slug: string; title: string } };
};

describe.each(engines)('messages per call on %s', (engine) => {
  let running: Awaited<ReturnType<typeof startMessagingServer>>;
  let { smtp, hooks, server } = {} as typeof running;
  let cookie = '';

  beforeAll(async () => {
    // No `notifications` for the server: each call's form has its own.
    running = await startMessagingServer({
      engine,
      publicUrl,
      formPollMs: 50,
      config: exampleConfig({ notifications: { confirmApplicant: true } }),
    });
    ({ smtp, hooks, server } = running);
    cookie = await staffMember(
      server,
      'rita@example.org',
      'reviewer',
      password,
      publicUrl,
    );
    await callServed(server, { ...winter, config: winterForm });
  });
  afterAll(() => running.close());

  const send = (method: string, path: string, body?: unknown) =>
    staffFetch(server, { cookie, origin: publicUrl }, method, path, body);
  const apply = async (slug: string, firstName: string) => {
    const response = await putApplication(
      server.baseUrl,
      validApplication({ firstName, emailAddress: `${firstName}@example.com` }),
      { pageId: slug, key: randomUUID() },
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const mailsTo = (address: string) =>
    smtp.messages.filter((mail) => mail.envelopeTo.includes(address));
  /** The e-mail to `address` with this subject, once it arrives (in whichever order with the others). */
  const mailArriving = async (address: string, subject: string) => {
    await vi.waitFor(
      () =>
        expect(mailsTo(address).map((mail) => mail.subject)).toContain(subject),
      { timeout: 10_000, interval: 50 },
    );
    return mailsTo(address).find((mail) => mail.subject === subject);
  };
  const webhooksOf = (id: string) =>
    hooks.received
      .map((entry) => JSON.parse(entry.body) as Webhook)
      .filter((event) => event.data.id === id);

  test("a new application gets its call's receipt with the call's title, tells staff which call, and its webhook names the call", async () => {
    const ada = await apply(winter.slug, 'ada');
    const grace = await apply(defaultCall.slug, 'grace');
    // Each: the receipt and the staff member's e-mail; then the webhook of each.
    await smtp.waitFor(4);
    await hooks.waitFor(2);

    const [adaReceipt] = mailsTo('ada@example.com');
    expect(adaReceipt?.subject).toBe(
      'Winter food trail: we have your application, ada',
    );
    expect(adaReceipt?.text).toContain(
      'thank you for applying to Winter food trail.',
    );
    const [graceReceipt] = mailsTo('grace@example.com');
    expect(graceReceipt?.subject).toBe('We have your application, grace');

    const staffMails = mailsTo('rita@example.org');
    expect(
      staffMails.map((mail) => /^Call: .*$/m.exec(mail.text ?? '')?.[0]).sort(),
    ).toEqual([`Call: ${defaultCall.title}`, `Call: ${winter.title}`]);

    expect(webhooksOf(ada)).toEqual([
      expect.objectContaining({
        type: 'application.received',
        data: expect.objectContaining({ call: winter }) as unknown,
      }),
    ]);
    expect(webhooksOf(grace)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ call: defaultCall }) as unknown,
      }),
    ]);
  });

  test("a decision e-mail is its call's, a stage change's webhook and audit entry name the call", async () => {
    const hedy = await apply(winter.slug, 'hedy');
    await hooks.waitFor(3);
    const moved = await send('POST', `/api/review/applications/${hedy}/stage`, {
      stage: 'declined',
    });
    expect(moved.status).toBe(200);
    await hooks.waitFor(4);
    expect(
      webhooksOf(hedy).map((event) => [event.type, event.data.call]),
    ).toEqual([
      ['application.received', winter],
      ['application.stage_changed', winter],
    ]);
    const [entry] = await server.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'stage_moved')
      .where('subject', '=', hedy)
      .execute();
    expect(entry?.detail).toBe(
      'new → declined; call Winter food trail (winter-food)',
    );

    const draft = (await (
      await send(
        'GET',
        `/api/review/applications/${hedy}/decision-draft?stage=declined`,
      )
    ).json()) as { to: string; subject: string; body: string };
    expect(draft).toEqual({
      to: 'hedy@example.com',
      subject: 'About Winter food trail',
      body: 'Hello hedy,\n\nthe Winter food trail is full this year.',
    });
    const sent = await send(
      'POST',
      `/api/review/applications/${hedy}/messages`,
      { stage: 'declined', subject: draft.subject, body: draft.body },
    );
    expect(sent.status).toBe(202);
    const decision = await mailArriving(
      'hedy@example.com',
      'About Winter food trail',
    );
    // The button is the winter call's template's too.
    expect(decision?.text).toContain(
      'See the other calls of Visit Aldmere Coast:',
    );
  });

  test("a decision on applications of two calls fills each one's e-mail with its own call and names both calls in the audit", async () => {
    const mary = await apply(winter.slug, 'mary');
    const emmy = await apply(defaultCall.slug, 'emmy');
    const preview = (await (
      await send('POST', '/api/review/applications/decision-preview', {
        ids: [mary],
        stage: 'declined',
      })
    ).json()) as { subject: string; example: { values: unknown } };
    expect(preview.subject).toBe('About {callTitle}');
    expect(preview.example.values).toMatchObject({ callTitle: winter.title });

    const decided = await send('POST', '/api/review/applications/decisions', {
      ids: [mary, emmy],
      stage: 'declined',
      subject: 'Your application to {callTitle}',
      body: 'Hello {firstName}, not this time.',
    });
    expect(await decided.json()).toEqual({
      moved: 2,
      emailed: 2,
      withdrawn: 0,
    });
    await mailArriving(
      'mary@example.com',
      'Your application to Winter food trail',
    );
    await mailArriving(
      'emmy@example.com',
      `Your application to ${defaultCall.title}`,
    );
    const [entry] = await server.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'stages_moved')
      .execute();
    expect(entry?.detail).toBe(
      `→ declined; 2 selected; calls ${defaultCall.title} (${defaultCall.slug}), Winter food trail (winter-food); decision e-mail to 2`,
    );
  });
});
