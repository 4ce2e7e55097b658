import { latestAuditEntries } from '../../../tests/support/audit.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import { adminToken } from '../../../tests/support/fixtures.ts';
import { sessionCookieOf } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { createStaffAccounts } from './staff-accounts.ts';

const password = 'a long enough secret';

describe.each(engines)('workspace sign-in on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let origin: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    origin = server.baseUrl;
    const accounts = createStaffAccounts(server.database);
    await accounts.add({ email: 'ada@example.org', role: 'admin', password });
    await accounts.add({
      email: 'rita@example.org',
      role: 'reviewer',
      password,
    });
  });
  afterAll(() => server.close());

  const signIn = (email: string, secret: string, headers = {}) =>
    fetch(`${server.baseUrl}/api/review/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...headers },
      body: JSON.stringify({ email, password: secret }),
    });
  const me = (cookie: string) =>
    fetch(`${server.baseUrl}/api/review/session`, { headers: { cookie } });

  test('signs in with a fresh HttpOnly, SameSite=Lax session cookie and knows who is signed in', async () => {
    const first = await signIn('ADA@example.org', password);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      email: 'ada@example.org',
      role: 'admin',
      mustEnrol: false,
    });
    const [setCookie] = first.headers.getSetCookie();
    expect(setCookie).toMatch(
      /^review-session=[\w-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/,
    );

    const second = await signIn('ada@example.org', password, {
      cookie: sessionCookieOf(first),
    });
    expect(sessionCookieOf(second)).not.toBe(sessionCookieOf(first));
    expect((await me(sessionCookieOf(first))).status).toBe(401);
    expect(await (await me(sessionCookieOf(second))).json()).toEqual({
      email: 'ada@example.org',
      role: 'admin',
      mustEnrol: false,
    });
  });

  test('refuses a malformed sign-in or second step with a 400 naming the field, before any password is checked', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(body),
      });
    const numberForEmail = await post('/api/review/session', {
      email: 7,
      password,
    });
    expect(numberForEmail.status).toBe(400);
    expect(await numberForEmail.json()).toMatchObject({
      error: 'validation',
      issues: [{ path: 'email' }],
    });
    const extra = await post('/api/review/session', {
      email: 'ada@example.org',
      password,
      remember: true,
    });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({
      issues: [{ path: 'remember', message: 'Unknown key' }],
    });
    const longCode = await post('/api/review/session/code', {
      code: '1'.repeat(101),
    });
    expect(longCode.status).toBe(400);
    expect(await longCode.json()).toMatchObject({ issues: [{ path: 'code' }] });
    const noAnswer = await post('/api/review/session/passkey', {
      response: 'signed',
    });
    expect(await noAnswer.json()).toMatchObject({
      issues: [{ path: 'response', message: 'Expected an object' }],
    });
  });

  test('answers a wrong password and an unknown address with the same message, and records both', async () => {
    const wrong = await signIn('rita@example.org', 'not the password at all');
    const unknown = await signIn('nobody@example.org', password);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    const entries = await latestAuditEntries(server.database, 100);
    expect(
      entries
        .filter((entry) => entry.action === 'sign_in_failed')
        .map((entry) => [entry.subject, entry.detail]),
    ).toEqual(
      expect.arrayContaining([
        ['rita@example.org', 'wrong password'],
        ['nobody@example.org', 'wrong password'],
      ]),
    );
  });

  /** A server behind a trusted proxy with one reviewer, and sign-in as if from any address. */
  async function behindProxy(email: string) {
    const proxied = await startTestServer({
      engine,
      trustProxy: ['127.0.0.1'],
    });
    await createStaffAccounts(proxied.database).add({
      email,
      role: 'reviewer',
      password,
    });
    const from = (address: string, typed: string, secret: string) =>
      fetch(`${proxied.baseUrl}/api/review/session`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: proxied.baseUrl,
          'x-forwarded-for': address,
        },
        body: JSON.stringify({ email: typed, password: secret }),
      });
    return { proxied, from };
  }

  test('ten wrong passwords for an account from one address do not keep its owner out from another, whatever case or spaces were typed', async () => {
    const { proxied, from } = await behindProxy('grace@example.org');
    const statuses = [];
    for (let attempt = 0; attempt < 10; attempt += 1)
      statuses.push(
        (await from('192.0.2.66', ' GRACE@Example.org ', `wrong ${attempt}`))
          .status,
      );
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    const refused = await from('192.0.2.66', 'grace@example.org', password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(
        /^Too many failed sign-ins from here\. Try again in \d+ (second|minute)s?\.$/,
      ),
    });
    const elsewhere = await from(
      '198.51.100.20',
      'grace@example.org',
      password,
    );
    expect(elsewhere.status).toBe(200);
    expect(sessionCookieOf(elsewhere)).toMatch(/^review-session=/);
    await proxied.close();
  });

  test('refuses a state-changing request from another origin, or without one', async () => {
    const foreign = await signIn('ada@example.org', password, {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: 'forbidden_origin' });
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const cookie = sessionCookieOf(await signIn('ada@example.org', password));
    const noOrigin = await fetch(`${server.baseUrl}/api/review/session`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(noOrigin.status).toBe(403);
    expect((await me(cookie)).status).toBe(200);
  });

  test('behind a trusted proxy without PUBLIC_URL, a forged X-Forwarded-Host does not make a foreign origin the expected one', async () => {
    const proxied = await startTestServer({
      engine,
      trustProxy: ['127.0.0.1'],
    });
    const host = new URL(proxied.baseUrl).host;
    const attempt = (headers: Record<string, string>) =>
      fetch(`${proxied.baseUrl}/api/review/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: 'ada@example.org', password }),
      });
    const forged = await attempt({
      'x-forwarded-host': 'evil.example',
      origin: 'http://evil.example',
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: 'forbidden_origin' });
    // The proxy's word on the scheme still counts, with the Host it passed on.
    const overHttps = await attempt({
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      origin: `https://${host}`,
    });
    expect(overHttps.status).toBe(401);
    await proxied.close();
  });

  test('signing out ends the session on the server', async () => {
    const cookie = sessionCookieOf(await signIn('rita@example.org', password));
    const out = await fetch(`${server.baseUrl}/api/review/session`, {
      method: 'DELETE',
      headers: { cookie, origin },
    });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(
      /^review-session=; Max-Age=0/,
    );
    expect((await me(cookie)).status).toBe(401);
  });

  test('changing the password ends the other sessions and keeps this browser signed in', async () => {
    await createStaffAccounts(server.database).add({
      email: 'pat@example.org',
      role: 'reviewer',
      password,
    });
    const here = sessionCookieOf(await signIn('pat@example.org', password));
    const elsewhere = sessionCookieOf(
      await signIn('pat@example.org', password),
    );
    const change = (currentPassword: string, newPassword: string) =>
      fetch(`${server.baseUrl}/api/review/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: here, origin },
        body: JSON.stringify({ currentPassword, newPassword }),
      });

    const wrongCurrent = await change(
      'not my password',
      'the next long secret',
    );
    expect(wrongCurrent.status).toBe(400);
    const tooShort = await change(password, 'short');
    expect(await tooShort.json()).toMatchObject({
      issues: [
        {
          path: 'newPassword',
          message: 'The password must be at least 12 characters.',
        },
      ],
    });
    const changed = await change(password, 'the next long secret');
    expect(changed.status).toBe(204);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await me(here)).status).toBe(401);
    expect((await me(sessionCookieOf(changed))).status).toBe(200);
  });

  test('the automation token acts as an admin without a cookie or an origin', async () => {
    const response = await fetch(`${server.baseUrl}/api/review/session`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(await response.json()).toEqual({
      email: 'api token',
      role: 'admin',
      mustEnrol: false,
    });
  });

  /** A server with one admin, signed in to over plain HTTP with the origin it expects. */
  async function signInOverHttp(
    publicUrl: string | undefined,
    headers: Record<string, string> = {},
  ) {
    const other = await startTestServer({ engine, publicUrl });
    await createStaffAccounts(other.database).add({
      email: 'ada@example.org',
      role: 'admin',
      password,
    });
    const response = await fetch(`${other.baseUrl}/api/review/session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: publicUrl ?? other.baseUrl,
        ...headers,
      },
      body: JSON.stringify({ email: 'ada@example.org', password }),
    });
    return { server: other, response };
  }

  test('with an https:// PUBLIC_URL the cookie is Secure and __Host- prefixed over plain HTTP, and read back under that name', async () => {
    const publicUrl = 'https://review.example.org';
    const { server: behindProxy, response } = await signInOverHttp(publicUrl);
    const [setCookie] = response.headers.getSetCookie();
    expect(setCookie).toMatch(
      /^__Host-review-session=[\w-]{43}; Max-Age=86400; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    const cookie = sessionCookieOf(response);
    const token = cookie.split('=')[1] ?? '';
    const whoIs = (header: string) =>
      fetch(`${behindProxy.baseUrl}/api/review/session`, {
        headers: { cookie: header },
      });
    expect((await whoIs(cookie)).status).toBe(200);
    expect((await whoIs(`review-session=${token}`)).status).toBe(401);
    const out = await fetch(`${behindProxy.baseUrl}/api/review/session`, {
      method: 'DELETE',
      headers: { cookie, origin: publicUrl },
    });
    expect(out.headers.getSetCookie()[0]).toMatch(
      /^__Host-review-session=; Max-Age=0; Path=\/; Expires=[^;]+; Secure;/,
    );
    expect((await whoIs(cookie)).status).toBe(401);
    await behindProxy.close();
  });

  test('without PUBLIC_URL plain HTTP gets review-session without Secure, whatever an untrusted proxy forwards', async () => {
    const { server: plain, response } = await signInOverHttp(undefined, {
      'x-forwarded-proto': 'https',
    });
    expect(response.headers.getSetCookie()[0]).toMatch(
      /^review-session=[\w-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    await plain.close();
  });

  test('behind HTTPS the cookie is Secure and __Host- prefixed', async () => {
    const https = await startTestServer({ engine, trustProxy: ['127.0.0.1'] });
    await createStaffAccounts(https.database).add({
      email: 'ada@example.org',
      role: 'admin',
      password,
    });
    const host = new URL(https.baseUrl).host;
    const response = await fetch(`${https.baseUrl}/api/review/session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-proto': 'https',
        origin: `https://${host}`,
      },
      body: JSON.stringify({ email: 'ada@example.org', password }),
    });
    expect(response.headers.getSetCookie()[0]).toMatch(
      /^__Host-review-session=[\w-]{43}; Max-Age=86400; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    await https.close();
  });
});
