import { latestAuditEntries } from '../../../tests/support/audit.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  adminToken,
  exampleConfig,
  publishAsAdmin,
} from '../../../tests/support/fixtures.ts';
import { scanQrCode } from '../../../tests/support/qr-code.ts';
import { sessionCookieOf } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { authenticationCode } from '../../../tests/support/two-step.ts';
import { createStaffAccounts } from './staff-accounts.ts';
import { createTwoStep } from './two-step.ts';

const password = 'a long enough secret';
type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The workspace's API as its page uses it, with an address for the limits when the proxy is trusted. */
function client(server: TestServer) {
  const call = (
    method: string,
    path: string,
    {
      body,
      cookie,
      address,
    }: { body?: unknown; cookie?: string; address?: string } = {},
  ) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        origin: server.baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...(address ? { 'x-forwarded-for': address } : {}),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
  return {
    call,
    signIn: (email: string, address?: string) =>
      call('POST', '/api/review/session', {
        body: { email, password },
        address,
      }),
    /** Sets two-step sign-in up for a signed-in browser: the setup key and recovery codes, and the new cookie. */
    async turnOn(cookie: string) {
      const setup = (await (
        await call('POST', '/api/review/two-step/setup', { cookie })
      ).json()) as { setupKey: string; qrCode: string };
      const on = await call('POST', '/api/review/two-step', {
        cookie,
        body: { code: authenticationCode(setup.setupKey) },
      });
      const { recoveryCodes } = (await on.json()) as {
        recoveryCodes: string[];
      };
      return { ...setup, recoveryCodes, cookie: sessionCookieOf(on), on };
    },
  };
}

describe.each(engines)('two-step sign-in on %s', (engine) => {
  let server: TestServer;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    server = await startTestServer({ engine, trustProxy: ['127.0.0.1'] });
    api = client(server);
    const accounts = createStaffAccounts(server.database);
    for (const email of ['tess@example.org', 'olga@example.org'])
      await accounts.add({ email, role: 'reviewer', password });
  });
  afterAll(() => server.close());

  test('turning it on takes a QR code, its setup key and a first code, and gives ten recovery codes once', async () => {
    const cookie = sessionCookieOf(await api.signIn('tess@example.org'));
    expect(
      await (await api.call('GET', '/api/review/two-step', { cookie })).json(),
    ).toEqual({ isOn: false, isRequired: false, recoveryCodesLeft: null });

    const setup = (await (
      await api.call('POST', '/api/review/two-step/setup', { cookie })
    ).json()) as { setupKey: string; qrCode: string };
    // 160 random bits, as RFC 4226 recommends, in groups of four base32 letters.
    expect(setup.setupKey).toMatch(/^[A-Z2-7]{4}(?: [A-Z2-7]{4}){7}$/);
    const svg = Buffer.from(
      setup.qrCode.replace(/^data:image\/svg\+xml;base64,/, ''),
      'base64',
    ).toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

    const right = authenticationCode(setup.setupKey);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(
      6,
      '0',
    );
    const refused = await api.call('POST', '/api/review/two-step', {
      cookie,
      body: { code: wrong },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      issues: [{ path: 'code' }],
    });

    const on = await api.call('POST', '/api/review/two-step', {
      cookie,
      body: { code: right },
    });
    expect(on.status).toBe(201);
    const { recoveryCodes } = (await on.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes)
      expect(code).toMatch(/^[a-z2-7]{4}(?:-[a-z2-7]{4}){5}$/);
    // This browser goes on with a new session; the one before, like any other, has ended.
    const fresh = sessionCookieOf(on);
    expect(fresh).not.toBe(cookie);
    expect(
      (await api.call('GET', '/api/review/session', { cookie })).status,
    ).toBe(401);
    expect(
      await (
        await api.call('GET', '/api/review/two-step', { cookie: fresh })
      ).json(),
    ).toEqual({ isOn: true, isRequired: false, recoveryCodesLeft: 10 });

    // The codes are kept as hashes only.
    const stored = await server.database.db
      .selectFrom('staff_recovery_codes')
      .select('code_hash')
      .execute();
    const storedText = JSON.stringify(stored);
    for (const code of recoveryCodes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replaceAll('-', ''));
    }
    const audit = await latestAuditEntries(server.database, 20);
    expect(audit.map((entry) => [entry.action, entry.subject])).toContainEqual([
      'two_step_on',
      'tess@example.org',
    ]);
  });

  test('an account with it on cannot sign in without a code; each code and recovery code works once', async () => {
    const first = sessionCookieOf(await api.signIn('olga@example.org'));
    const { setupKey, recoveryCodes } = await api.turnOn(first);

    const password = await api.signIn('olga@example.org');
    expect(password.status).toBe(202);
    expect(await password.json()).toMatchObject({ status: 'two_step_needed' });
    const [pendingCookie, ...others] = password.headers.getSetCookie();
    expect(others).toEqual([]);
    expect(pendingCookie).toMatch(
      /^review-two-step=[\w-]{43}; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const pending = sessionCookieOf(password);
    // The pending sign-in opens nothing.
    expect(
      (await api.call('GET', '/api/review/applications', { cookie: pending }))
        .status,
    ).toBe(401);

    const code = authenticationCode(setupKey, 1);
    const signedIn = await api.call('POST', '/api/review/session/code', {
      cookie: pending,
      body: { code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({
      email: 'olga@example.org',
      role: 'reviewer',
      mustEnrol: false,
    });
    const session = signedIn.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('review-session='));
    expect(session).toBeDefined();
    expect(
      (
        await api.call('GET', '/api/review/applications', {
          cookie: session?.split(';')[0] ?? '',
        })
      ).status,
    ).toBe(200);
    // The pending sign-in is used up.
    expect(
      (
        await api.call('POST', '/api/review/session/code', {
          cookie: pending,
          body: { code },
        })
      ).status,
    ).toBe(410);

    const again = sessionCookieOf(await api.signIn('olga@example.org'));
    const replayed = await api.call('POST', '/api/review/session/code', {
      cookie: again,
      body: { code },
    });
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({
      error: 'wrong_code',
      issues: [{ path: 'code' }],
    });

    const [recovery = ''] = recoveryCodes;
    const byRecovery = await api.call('POST', '/api/review/session/code', {
      cookie: again,
      body: { code: recovery.toUpperCase() },
    });
    expect(byRecovery.status).toBe(200);
    expect(await byRecovery.json()).toMatchObject({ recoveryCodesLeft: 9 });

    const third = sessionCookieOf(await api.signIn('olga@example.org'));
    const reused = await api.call('POST', '/api/review/session/code', {
      cookie: third,
      body: { code: recovery },
    });
    expect(reused.status).toBe(400);
    const audit = await latestAuditEntries(server.database, 30);
    expect(
      audit
        .filter((entry) => entry.subject === 'olga@example.org')
        .map((entry) => [entry.action, entry.detail]),
    ).toEqual(
      expect.arrayContaining([
        ['sign_in', 'with an authentication code'],
        ['sign_in', 'with a recovery code, 9 left'],
        ['sign_in_failed', 'wrong code'],
      ]),
    );
  });

  test('five wrong codes end a pending sign-in, even from five addresses', async () => {
    await createStaffAccounts(server.database).add({
      email: 'pia@example.org',
      role: 'reviewer',
      password,
    });
    const { setupKey } = await api.turnOn(
      sessionCookieOf(await api.signIn('pia@example.org')),
    );
    const pending = sessionCookieOf(await api.signIn('pia@example.org'));
    const right = authenticationCode(setupKey, 1);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(
      6,
      '0',
    );
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect(
        (
          await api.call('POST', '/api/review/session/code', {
            cookie: pending,
            body: { code: wrong },
            address: `192.0.2.${100 + attempt}`,
          })
        ).status,
      ).toBe(400);
    const late = await api.call('POST', '/api/review/session/code', {
      cookie: pending,
      body: { code: right },
      address: '192.0.2.200',
    });
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ error: 'sign_in_expired' });
  });

  test('turning it off takes the password, and the automation token has none to set up', async () => {
    await createStaffAccounts(server.database).add({
      email: 'ruth@example.org',
      role: 'reviewer',
      password,
    });
    const { cookie } = await api.turnOn(
      sessionCookieOf(await api.signIn('ruth@example.org')),
    );
    const noPassword = await api.call('POST', '/api/review/two-step/off', {
      cookie,
      body: { secret: password },
    });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({
      error: 'validation',
      issues: expect.arrayContaining([
        expect.objectContaining({ path: 'password' }),
      ]),
    });
    const wrong = await api.call('POST', '/api/review/two-step/off', {
      cookie,
      body: { password: 'not the password' },
    });
    expect(wrong.status).toBe(400);
    const off = await api.call('POST', '/api/review/two-step/off', {
      cookie,
      body: { password },
    });
    expect(off.status).toBe(204);
    expect((await api.signIn('ruth@example.org')).status).toBe(200);
    const byToken = await fetch(`${server.baseUrl}/api/review/two-step/setup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(byToken.status).toBe(403);
  });

  test('a known password does not buy fresh guesses at the code', async () => {
    await createStaffAccounts(server.database).add({
      email: 'ines@example.org',
      role: 'reviewer',
      password,
    });
    const { setupKey } = await api.turnOn(
      sessionCookieOf(await api.signIn('ines@example.org')),
    );
    const wrong = String(
      (Number(authenticationCode(setupKey, 1)) + 500_000) % 1_000_000,
    ).padStart(6, '0');
    const guesser = '203.0.113.44';
    const statuses = [];
    for (let round = 0; round < 2; round += 1) {
      const password = await api.signIn('ines@example.org', guesser);
      statuses.push(password.status);
      const pending = sessionCookieOf(password);
      for (let guess = 0; guess < 2; guess += 1)
        statuses.push(
          (
            await api.call('POST', '/api/review/session/code', {
              cookie: pending,
              body: { code: wrong },
              address: guesser,
            })
          ).status,
        );
    }
    // Three wrong codes, then the wait, whether asked for the password or for a code.
    expect(statuses).toEqual([202, 400, 400, 202, 400, 429]);
    expect((await api.signIn('ines@example.org', guesser)).status).toBe(429);
  });

  test('a stolen session cannot guess the password at full speed through turning it off', async () => {
    await createStaffAccounts(server.database).add({
      email: 'sam@example.org',
      role: 'reviewer',
      password,
    });
    const { cookie } = await api.turnOn(
      sessionCookieOf(await api.signIn('sam@example.org')),
    );
    const statuses = [];
    for (let guess = 0; guess < 4; guess += 1)
      statuses.push(
        (
          await api.call('POST', '/api/review/two-step/off', {
            cookie,
            body: { password: `guess ${guess}` },
          })
        ).status,
      );
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  test('passkeys: none before two-step sign-in is on; a forged answer is refused and counted; none without a pending sign-in', async () => {
    await createStaffAccounts(server.database).add({
      email: 'vera@example.org',
      role: 'reviewer',
      password,
    });
    const cookie = sessionCookieOf(await api.signIn('vera@example.org'));
    expect(
      (await api.call('POST', '/api/review/passkeys/options', { cookie }))
        .status,
    ).toBe(409);
    expect(
      (await api.call('POST', '/api/review/session/passkey/options')).status,
    ).toBe(410);
    await api.turnOn(cookie);
    const pending = sessionCookieOf(await api.signIn('vera@example.org'));
    const options = (await (
      await api.call('POST', '/api/review/session/passkey/options', {
        cookie: pending,
      })
    ).json()) as { challenge: string; rpId: string };
    expect(options.rpId).toBe('127.0.0.1');
    expect(options.challenge).toMatch(/^[\w-]{43}$/);
    const forged = await api.call('POST', '/api/review/session/passkey', {
      cookie: pending,
      body: {
        response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: {
            clientDataJSON: 'e30',
            authenticatorData: 'AA',
            signature: 'AA',
          },
          clientExtensionResults: {},
        },
      },
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: 'passkey_refused' });
    const audit = await latestAuditEntries(server.database, 5);
    expect(audit.map((entry) => [entry.action, entry.detail])).toContainEqual([
      'sign_in_failed',
      'passkey refused',
    ]);
  });

  test('when it is required, an account without it can only set it up, then everything', async () => {
    const required = await startTestServer({ engine });
    const requiredApi = client(required);
    await createStaffAccounts(required.database).add({
      email: 'una@example.org',
      role: 'admin',
      password,
    });
    const signedInBefore = sessionCookieOf(
      await requiredApi.signIn('una@example.org'),
    );
    await createTwoStep(required.database).setRequired(true);

    // A session begun before the switch is held to the set-up at its next request.
    const inbox = await requiredApi.call('GET', '/api/review/applications', {
      cookie: signedInBefore,
    });
    expect(inbox.status).toBe(403);
    expect(await inbox.json()).toMatchObject({ error: 'two_step_needed' });
    const signIn = await requiredApi.signIn('una@example.org');
    expect(await signIn.json()).toEqual({
      email: 'una@example.org',
      role: 'admin',
      mustEnrol: true,
    });
    const cookie = sessionCookieOf(signIn);
    for (const [method, path, body] of [
      ['GET', '/api/review/staff'],
      ['GET', '/api/review/audit'],
      ['GET', '/api/review/applications.csv'],
      [
        'POST',
        '/api/review/password',
        { currentPassword: password, newPassword: 'another long secret' },
      ],
    ] as const)
      expect(
        (await requiredApi.call(method, path, { cookie, body })).status,
      ).toBe(403);
    const page = await fetch(`${required.baseUrl}/review/staff`, {
      headers: { cookie },
      redirect: 'manual',
    });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(
      '/review/two-step?next=%2Freview%2Fstaff',
    );
    expect(
      await (
        await requiredApi.call('GET', '/api/review/session', { cookie })
      ).json(),
    ).toMatchObject({ mustEnrol: true });

    const { cookie: enrolled } = await requiredApi.turnOn(cookie);
    expect(
      (await requiredApi.call('GET', '/api/review/staff', { cookie: enrolled }))
        .status,
    ).toBe(200);
    const off = await requiredApi.call('POST', '/api/review/two-step/off', {
      cookie: enrolled,
      body: { password },
    });
    expect(off.status).toBe(409);
    await required.close();
  });

  test('the authenticator app is given the organisation as published now, not as it was at the start', async () => {
    await createStaffAccounts(server.database).add({
      email: 'nina@example.org',
      role: 'reviewer',
      password,
    });
    const renamed = 'Aldmere Coast Creators';
    const config = exampleConfig();
    const published = await publishAsAdmin(
      server.baseUrl,
      {
        ...config,
        title: renamed,
        ...(config.logo && { logo: { ...config.logo, alt: renamed } }),
      },
      1,
    );
    expect(published.status).toBe(201);
    const cookie = sessionCookieOf(await api.signIn('nina@example.org'));
    const setup = (await (
      await api.call('POST', '/api/review/two-step/setup', { cookie })
    ).json()) as { qrCode: string };
    const address = new URL((await scanQrCode(setup.qrCode)) ?? '');
    expect(address.searchParams.get('issuer')).toBe(renamed);
  });
});
