import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultTexts } from '#engine/texts.ts';
import type { Call } from '#review-api/calls.ts';
import type { InboxItem } from '#review-api/inbox.ts';
import type { FormState } from '#review-api/form.ts';
import { engines } from '../../../tests/support/databases.ts';
import {
  exampleConfig,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { requestAs, staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const password = 'a long enough secret';
const defaultSlug = exampleConfig().pageId;

describe.each(engines)('calls on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const cookies: Record<string, string> = {};
  // The server's clock, which the tests move.
  let now = new Date('2027-03-01T12:00:00.000Z');

  const send = (
    who: 'admin' | 'reviewer',
    path: string,
    init: { method?: string; body?: unknown } = {},
  ) =>
    requestAs(server, cookies[who] ?? '')(
      init.method ?? 'GET',
      path,
      init.body,
    );

  const json = async <T>(response: Response | Promise<Response>) =>
    (await (await response).json()) as T;

  const apply = (slug: string, firstName = 'Ada') =>
    putApplication(
      server.baseUrl,
      validApplication({
        firstName,
        emailAddress: `${firstName.toLowerCase().replace(/\W/g, '')}@example.com`,
      }),
      {
        pageId: slug,
        key: randomUUID(),
      },
    );

  const inbox = (query: string) =>
    json<{ items: InboxItem[] }>(
      send('reviewer', `/api/review/applications?${query}`),
    );

  beforeAll(async () => {
    server = await startTestServer({ engine, formPollMs: 50, now: () => now });
    for (const [email, role] of [
      ['ada@example.org', 'admin'],
      ['rita@example.org', 'reviewer'],
    ] as const)
      cookies[role] = await staffMember(server, email, role, password);
  });
  afterAll(() => server.close());

  test('the configuration file is the default call, and the form addresses from before calls are its', async () => {
    const calls = await json<Call[]>(send('reviewer', '/api/review/calls'));
    expect(calls).toEqual([
      expect.objectContaining({
        slug: defaultSlug,
        title: exampleConfig().title,
        status: 'open',
        default: true,
        archived: false,
      }),
    ]);
    const viaOld = await json<FormState>(send('admin', '/api/review/form'));
    const viaCall = await json<FormState>(
      send('admin', `/api/review/calls/${defaultSlug}/form`),
    );
    expect(viaOld).toEqual(viaCall);
    expect(viaCall.version).toBe(1);
  });

  test('a reviewer reads calls but cannot make or change one', async () => {
    const made = await send('reviewer', '/api/review/calls', {
      method: 'POST',
      body: { slug: 'not-made', title: 'Not made' },
    });
    expect(made.status).toBe(403);
    const changed = await send('reviewer', `/api/review/calls/${defaultSlug}`, {
      method: 'PATCH',
      body: { title: 'Renamed' },
    });
    expect(changed.status).toBe(403);
  });

  test('a new call copies a form, takes applications at /apply/<slug> into its own inbox, and its slug is never taken twice', async () => {
    const made = await send('admin', '/api/review/calls', {
      method: 'POST',
      body: {
        slug: 'summer-2027',
        title: 'Summer on the coast 2027',
        summary: 'Five creators, June to August.',
        closesAt: '2027-03-31T22:00:00.000Z',
        places: 5,
      },
    });
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({ slug: 'summer-2027' });

    const again = await send('admin', '/api/review/calls', {
      method: 'POST',
      body: { slug: 'summer-2027', title: 'Again' },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      issues: [{ path: 'slug', message: expect.stringContaining('taken') }],
    });

    const form = await json<FormState>(
      send('admin', '/api/review/calls/summer-2027/form'),
    );
    expect(form.version).toBe(1);
    expect(form.config.pageId).toBe('summer-2027');

    const page = await fetch(`${server.baseUrl}/apply/summer-2027`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('summer-2027');
    expect((await fetch(`${server.baseUrl}/apply/no-such-call`)).status).toBe(
      404,
    );

    const list = await (await fetch(`${server.baseUrl}/calls`)).text();
    expect(list).toContain('Summer on the coast 2027');
    expect(list).toContain('Five creators, June to August.');
    expect(list).toContain('href="/apply/summer-2027"');
    expect(list).toContain(`href="/apply/${defaultSlug}"`);
    // The call closing soonest comes first; the open-ended default call last.
    expect(list.indexOf('/apply/summer-2027')).toBeLessThan(
      list.indexOf(`/apply/${defaultSlug}`),
    );

    expect((await apply('summer-2027', 'Summer')).status).toBe(201);
    expect((await apply(defaultSlug, 'Default')).status).toBe(201);
    const summer = await inbox('call=summer-2027');
    expect(summer.items.map((item) => item.name)).toEqual(['Summer Lovelace']);
    expect(summer.items[0]).toMatchObject({
      call: { slug: 'summer-2027', title: 'Summer on the coast 2027' },
      eligible: true,
      eligibility: [],
      late: false,
    });
    const home = await inbox(`call=${defaultSlug}`);
    expect(home.items.map((item) => item.name)).toEqual(['Default Lovelace']);

    const listed = await json<Call[]>(send('reviewer', '/api/review/calls'));
    expect(listed.find((call) => call.slug === 'summer-2027')).toMatchObject({
      status: 'open',
      places: 5,
      applications: 1,
      accepted: 0,
    });
  });

  test('a call closes by the server’s clock: within the hour after, an application is stored and marked late; then 410', async () => {
    now = new Date('2027-03-31T22:30:00.000Z');
    expect((await apply('summer-2027', 'Late')).status).toBe(201);
    const late = await inbox('call=summer-2027&search=late');
    expect(late.items[0]).toMatchObject({ late: true });

    now = new Date('2027-03-31T23:00:00.000Z');
    const refused = await apply('summer-2027', 'Too late');
    expect(refused.status).toBe(410);
    expect(await refused.json()).toEqual({
      error: 'call_closed',
      message: defaultTexts.callClosed,
    });
    const page = await fetch(`${server.baseUrl}/apply/summer-2027`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(defaultTexts.callClosed);
    expect(html).toContain('href="/calls"');
    expect(html).not.toContain('wizard-config');
    const listed = await json<Call[]>(send('reviewer', '/api/review/calls'));
    expect(listed.find((call) => call.slug === 'summer-2027')?.status).toBe(
      'closed',
    );
  });

  test('a scheduled call refuses until it opens; an unknown call is 404', async () => {
    const made = await send('admin', '/api/review/calls', {
      method: 'POST',
      body: {
        slug: 'winter-food',
        title: 'Winter food trail',
        opensAt: '2027-04-01T00:00:00.000Z',
      },
    });
    expect(made.status).toBe(201);
    expect((await apply('winter-food')).status).toBe(410);
    expect(await (await fetch(`${server.baseUrl}/calls`)).text()).not.toContain(
      'winter-food',
    );
    const scheduled = await (
      await fetch(`${server.baseUrl}/apply/winter-food`)
    ).text();
    expect(scheduled).toContain('Applications for this call open on');
    now = new Date('2027-04-01T00:00:00.000Z');
    expect((await apply('winter-food')).status).toBe(201);
    expect((await apply('no-such-call')).status).toBe(404);
  });

  test('eligibility never refuses, and is judged again when the call’s rules change', async () => {
    const changed = await send('admin', '/api/review/calls/winter-food', {
      method: 'PATCH',
      body: { eligibility: { minFollowers: 1_000_000, countries: ['DE'] } },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      eligibility: { minFollowers: 1_000_000, countries: ['DE'] },
    });
    expect((await apply('winter-food', 'Second')).status).toBe(201);
    const missing = await inbox('call=winter-food&eligible=no');
    expect(missing.items).toHaveLength(2);
    expect(missing.items[0]?.eligibility).toEqual([
      'Fewer than 1,000,000 followers on every platform',
      expect.stringMatching(/^Lives in .+, not in Germany$/),
    ]);
    expect((await inbox('call=winter-food&eligible=yes')).items).toEqual([]);

    await send('admin', '/api/review/calls/winter-food', {
      method: 'PATCH',
      body: { eligibility: null },
    });
    expect((await inbox('call=winter-food&eligible=yes')).items).toHaveLength(
      2,
    );
  });

  test('the default call moves, and `/` serves the new one; the default cannot be archived', async () => {
    const refused = await send('admin', `/api/review/calls/${defaultSlug}`, {
      method: 'PATCH',
      body: { archived: true },
    });
    expect(refused.status).toBe(400);
    const moved = await send('admin', '/api/review/calls/winter-food', {
      method: 'PATCH',
      body: { default: true },
    });
    expect(await moved.json()).toMatchObject({ default: true });
    expect(await (await fetch(server.baseUrl)).text()).toContain('winter-food');
    const calls = await json<Call[]>(send('reviewer', '/api/review/calls'));
    expect(
      calls.filter((call) => call.default).map((call) => call.slug),
    ).toEqual(['winter-food']);
  });
});
