import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  applicantCookieOf,
  applicantFetch,
  applyAs,
  linkTokensFor,
  signInAs,
  tokenIn,
} from '../../../tests/support/applicant.ts';
import { engines } from '../../../tests/support/databases.ts';
import { startMessagingServer } from '../../../tests/support/messaging-server.ts';
import { percentile } from '../../../tests/support/percentile.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { deleteExpiredAccess, tokenHashOf } from './applicant-access.ts';

describe.each(engines)('signing in to the applicant’s page on %s', (engine) => {
  let running: Awaited<ReturnType<typeof startMessagingServer>>;
  let server: (typeof running)['server'];
  // The server's clock, which a test moves on to see links and sessions expire.
  let clock = new Date();

  beforeAll(async () => {
    running = await startMessagingServer({ engine, now: () => clock });
    server = running.server;
    await applyAs(server, 'ada.lovelace@gmail.com');
  });
  afterAll(() => running.close());

  const post = (path: string, body: unknown, cookie = '') =>
    applicantFetch(server, 'POST', path, { body, cookie });

  test('a link e-mailed to the address applied with signs in once, with an HttpOnly, Lax cookie for 24 hours', async () => {
    // The same person, as the e-mail key sees them: case, a +tag and gmail's dots do not matter.
    const asked = await post('/api/me/link', {
      email: 'AdaLovelace+me@Gmail.com',
    });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({});
    const [mail] = await running.smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(['ada.lovelace@gmail.com']);
    expect(mail?.subject).toBe(
      'Your link to your applications to Visit Aldmere Coast',
    );
    const token = tokenIn(mail?.text ?? '');
    expect(mail?.text).toContain(`http://localhost/me?token=${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const first = await post('/api/me/session', { token });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({});
    const [setCookie = ''] = first.headers.getSetCookie();
    expect(setCookie).toMatch(/^applicant=[\w-]{43};/);
    expect(setCookie).toContain('Max-Age=86400');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');

    const again = await post('/api/me/session', { token });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { message: string }).message).toMatch(
      /used or has expired.*Ask for a new one/,
    );

    const cookie = applicantCookieOf(first);
    const page = await applicantFetch(server, 'GET', '/api/me', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.json()).toMatchObject({
      email: 'ada.lovelace@gmail.com',
      applications: [
        {
          call: { slug: 'aldmere-creators' },
          status: 'received',
          statusText: 'Received',
        },
      ],
    });

    // Only hashes are kept: neither the link's token nor the session's appears in any row.
    const session = cookie.split('=')[1] ?? '';
    const stored = JSON.stringify([
      await server.database.db
        .selectFrom('applicant_links')
        .selectAll()
        .execute(),
      await server.database.db
        .selectFrom('applicant_sessions')
        .selectAll()
        .execute(),
    ]);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(session);
    expect(stored).toContain(tokenHashOf(token));
    expect(stored).toContain(tokenHashOf(session));

    const signedOut = await applicantFetch(
      server,
      'DELETE',
      '/api/me/session',
      {
        cookie,
      },
    );
    expect(signedOut.status).toBe(204);
    expect(
      (await applicantFetch(server, 'GET', '/api/me', { cookie })).status,
    ).toBe(401);
  });

  test('of two uses of one link at once, exactly one signs in', async () => {
    await post('/api/me/link', { email: 'ada.lovelace@gmail.com' });
    const token = (await linkTokensFor(server, 'ada.lovelace@gmail.com')).at(
      -1,
    );
    const statuses = await Promise.all(
      [1, 2].map(async () => (await post('/api/me/session', { token })).status),
    );
    expect(statuses.sort()).toEqual([200, 401]);
  });

  test('a link expires after 30 minutes and a session after 24 hours', async () => {
    const email = 'grace@example.com';
    await applyAs(server, email, 'Grace');
    await post('/api/me/link', { email });
    const [stale] = await linkTokensFor(server, email);
    clock = new Date(clock.getTime() + 31 * 60 * 1000);
    expect((await post('/api/me/session', { token: stale })).status).toBe(401);

    const cookie = await signInAs(server, email);
    const page = () => applicantFetch(server, 'GET', '/api/me', { cookie });
    clock = new Date(clock.getTime() + 23 * 60 * 60 * 1000);
    expect((await page()).status).toBe(200);
    clock = new Date(clock.getTime() + 2 * 60 * 60 * 1000);
    const ended = await page();
    expect(ended.status).toBe(401);
    expect(((await ended.json()) as { message: string }).message).toMatch(
      /Ask for a new link/,
    );

    // Ended sessions and links past their hour go with the retention job; a live one stays.
    const live = await signInAs(server, email);
    const gone = await deleteExpiredAccess(server.database, clock);
    expect(gone.sessions).toBeGreaterThanOrEqual(1);
    expect(gone.links).toBeGreaterThanOrEqual(1);
    expect(
      (await applicantFetch(server, 'GET', '/api/me', { cookie: live })).status,
    ).toBe(200);
  });

  test('after 5 links in an hour one person gets no more, and the answer does not change', async () => {
    const email = 'hedy@example.com';
    await applyAs(server, email, 'Hedy');
    for (let asked = 0; asked < 7; asked += 1) {
      const response = await post('/api/me/link', { email });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({});
    }
    expect(await linkTokensFor(server, email)).toHaveLength(5);
    clock = new Date(clock.getTime() + 61 * 60 * 1000);
    await post('/api/me/link', { email });
    expect(await linkTokensFor(server, email)).toHaveLength(6);
  });

  test('an address that applied and one that did not get the same answer in the same time', async () => {
    const rounds = 15;
    const known = Array.from(
      { length: rounds },
      (_, index) => `known${index}@example.com`,
    );
    for (const email of known) await applyAs(server, email);
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await post('/api/me/link', { email });
      const body = await response.text();
      return { ms: performance.now() - started, status: response.status, body };
    };
    const answers = {
      known: [] as Awaited<ReturnType<typeof timed>>[],
      unknown: [] as Awaited<ReturnType<typeof timed>>[],
    };
    // Interleaved, so a busy moment of the machine falls on both alike.
    for (let round = 0; round < rounds; round += 1) {
      answers.known.push(await timed(known[round] ?? ''));
      answers.unknown.push(await timed(`nobody${round}@example.com`));
    }
    for (const answer of [...answers.known, ...answers.unknown])
      expect([answer.status, answer.body]).toEqual([202, '{}']);
    // The known addresses were sent their links; the others nothing.
    for (const email of known)
      expect(await linkTokensFor(server, email)).toHaveLength(1);
    const gap = Math.abs(
      percentile(
        answers.known.map((answer) => answer.ms),
        50,
      ) -
        percentile(
          answers.unknown.map((answer) => answer.ms),
          50,
        ),
    );
    expect(gap).toBeLessThan(50);
  });

  test('asking for a link from another site is refused, and an applicant’s cookie opens nothing of the workspace', async () => {
    for (const origin of [null, 'https://evil.example'])
      expect(
        (
          await applicantFetch(server, 'POST', '/api/me/link', {
            body: { email: 'ada.lovelace@gmail.com' },
            origin,
          })
        ).status,
      ).toBe(403);
    await staffMember(
      server,
      'rita@example.org',
      'admin',
      'a long enough secret',
    );
    const cookie = await signInAs(server, 'ada.lovelace@gmail.com');
    // Its value under the workspace's own cookie name does not sign in either.
    const value = cookie.split('=')[1] ?? '';
    for (const asked of [cookie, `review-session=${value}`])
      expect(
        (
          await fetch(`${server.baseUrl}/api/review/applications`, {
            headers: { cookie: asked },
          })
        ).status,
      ).toBe(401);
  });

  test('one client address may ask for 10 links in 15 minutes, then is told to wait', async () => {
    const limited = await startTestServer({ engine, rateLimitPerMinute: 30 });
    try {
      const statuses = [];
      for (let asked = 0; asked < 11; asked += 1)
        statuses.push(
          (
            await applicantFetch(limited, 'POST', '/api/me/link', {
              body: { email: `someone${asked}@example.com` },
            })
          ).status,
        );
      expect(statuses).toEqual([...Array<number>(10).fill(202), 429]);
    } finally {
      await limited.close();
    }
  });
});
