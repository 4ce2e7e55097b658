import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  adminToken,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { createStaffAccounts } from '../staff/staff-accounts.ts';

const password = 'a long enough secret';

describe.each(engines)('the workspace on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cookie = '';

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await createStaffAccounts(server.database).add({
      email: 'rita@example.org',
      role: 'reviewer',
      password,
    });
    const response = await fetch(`${server.baseUrl}/api/review/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: 'rita@example.org', password }),
    });
    cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    for (const firstName of ['Ada', 'Grace', 'Hedy'])
      await putApplication(
        server.baseUrl,
        validApplication({
          firstName,
          emailAddress: `${firstName.toLowerCase()}@example.com`,
        }),
        {
          key: randomUUID(),
        },
      );
  });
  afterAll(() => server.close());

  const get = (path: string, headers: Record<string, string> = { cookie }) =>
    fetch(`${server.baseUrl}${path}`, { headers, redirect: 'manual' });

  test('signed out, every workspace address leads to sign-in and names the way back', async () => {
    const response = await get('/review/anything?open=42', {});
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      '/review/sign-in?next=%2Freview%2Fanything%3Fopen%3D42',
    );
    const signIn = await get('/review/sign-in', {});
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain('id="review-root"');
  });

  test('signed in, the sign-in page leads on to the address asked for, and never off the site', async () => {
    expect(
      (await get('/review/sign-in?next=%2Freview%3Fopen%3D7')).headers.get(
        'location',
      ),
    ).toBe('/review?open=7');
    for (const next of [
      'https://evil.example/review',
      '//evil.example',
      '/admin',
    ])
      expect(
        (
          await get(`/review/sign-in?next=${encodeURIComponent(next)}`)
        ).headers.get('location'),
      ).toBe('/review');
    const page = await get('/review');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<title>Applications · Visit Aldmere Coast</title>');
    expect(html).toContain('"organisation":"Visit Aldmere Coast"');
  });

  test('lists applications newest first, searches, and pages with a cursor', async () => {
    const first = (await (
      await get('/api/review/applications?limit=2')
    ).json()) as {
      items: Array<{ name: string }>;
      nextCursor: string;
    };
    expect(first.items.map((item) => item.name)).toEqual([
      'Hedy Lovelace',
      'Grace Lovelace',
    ]);
    const rest = (await (
      await get(`/api/review/applications?limit=2&cursor=${first.nextCursor}`)
    ).json()) as { items: Array<{ name: string }>; nextCursor: null };
    expect(rest).toEqual({
      items: [expect.objectContaining({ name: 'Ada Lovelace' })],
      nextCursor: null,
    });
    const found = (await (
      await get('/api/review/applications?search=GRACE')
    ).json()) as {
      items: Array<{ name: string }>;
    };
    expect(found.items.map((item) => item.name)).toEqual(['Grace Lovelace']);
    expect((await get('/api/review/applications?limit=0')).status).toBe(400);
    expect((await get('/api/review/applications?cursor=nonsense')).status).toBe(
      400,
    );
  });

  test('reads one application with its answers under their questions, grouped by step', async () => {
    const { items } = (await (
      await get('/api/review/applications?search=ada')
    ).json()) as {
      items: Array<{ id: string }>;
    };
    const response = await get(`/api/review/applications/${items[0]?.id}`);
    const application = (await response.json()) as {
      name: string;
      answers: Array<{
        step: string;
        answers: Array<{ question: string; text: string }>;
      }>;
    };
    expect(application.name).toBe('Ada Lovelace');
    expect(application.answers[0]).toMatchObject({
      step: 'General Information',
      answers: expect.arrayContaining([
        { key: 'personalInfo.firstName', question: 'First Name', text: 'Ada' },
      ]),
    });
    expect((await get(`/api/review/applications/${randomUUID()}`)).status).toBe(
      404,
    );
  });

  test('refuses the API signed out, and takes the automation token instead of a session', async () => {
    expect((await get('/api/review/applications', {})).status).toBe(401);
    expect(
      (
        await get('/api/review/applications', {
          authorization: `Bearer ${adminToken}`,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await get('/api/review/applications', {
          authorization: 'Bearer wrong-token-wrong-token-wrong',
        })
      ).status,
    ).toBe(401);
  });
});
