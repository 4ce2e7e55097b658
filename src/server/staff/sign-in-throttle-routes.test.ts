import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import { sessionCookieOf } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { authenticationCode } from '../../../tests/support/two-step.ts';
import { signInThrottling } from './sign-in-throttle.ts';
import { createStaffAccounts } from './staff-accounts.ts';
import { createTwoStep } from './two-step.ts';

const password = 'a long enough secret';

describe.each(engines)(
  'sign-in throttling through the routes on %s',
  (engine) => {
    let server: Awaited<ReturnType<typeof startTestServer>>;
    let time = Date.now();
    /** Every hold a sign-in was given; a hold moves the throttle's clock on instead of sleeping. */
    let holds: number[] = [];

    beforeAll(async () => {
      server = await startTestServer({
        engine,
        trustProxy: ['127.0.0.1'],
        signInClock: {
          now: () => time,
          wait: async (ms) => {
            holds.push(ms);
            time += ms;
          },
        },
      });
    });
    afterAll(() => server.close());

    const post = (
      path: string,
      address: string,
      body: unknown,
      cookie?: string,
    ) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.baseUrl,
          'x-forwarded-for': address,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(body),
      });
    const signIn = (address: string, email: string, secret: string) =>
      post('/api/review/session', address, { email, password: secret });
    const account = (email: string) =>
      createStaffAccounts(server.database).add({
        email,
        role: 'reviewer',
        password,
      });

    test('forty wrong guesses at one account from forty addresses are slowed, and its owner still gets in', async () => {
      await account('grace@example.org');
      holds = [];
      const statuses = [];
      for (let address = 1; address <= 40; address += 1)
        statuses.push(
          (await signIn(`198.51.100.${address}`, 'grace@example.org', 'guess'))
            .status,
        );
      expect(new Set(statuses)).toEqual(new Set([401]));
      expect(holds).toHaveLength(40 - signInThrottling.freePerAccount);
      expect(holds.at(-1)).toBe(signInThrottling.longestHoldMs);
      holds = [];
      const owner = await signIn('192.0.2.10', 'grace@example.org', password);
      expect(owner.status).toBe(200);
      expect(holds).toEqual([signInThrottling.longestHoldMs]);
    });

    test('guesses stepping through one IPv6 /64 are refused like guesses from one address', async () => {
      await account('ipv6@example.org');
      const statuses = [];
      for (let host = 1; host <= 4; host += 1)
        statuses.push(
          (await signIn(`2001:db8:5:5::${host}`, 'ipv6@example.org', 'guess'))
            .status,
        );
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(
        (await signIn('2001:db8:5:6::1', 'ipv6@example.org', password)).status,
      ).toBe(200);
    });

    test("twenty wrong passwords from an office's address do not keep a colleague's right password out", async () => {
      await account('hedy@example.org');
      const office = '203.0.113.5';
      for (let guess = 0; guess < signInThrottling.freePerAddress; guess += 1)
        expect(
          (await signIn(office, `typo-${guess}@example.org`, 'nope')).status,
        ).toBe(401);
      holds = [];
      const colleague = await signIn(office, 'hedy@example.org', password);
      expect(colleague.status).toBe(200);
      expect(holds).toEqual([signInThrottling.firstWaitMs]);
    });

    test('the right password and code get in while the account is guessed at from many addresses', async () => {
      const { id } = await account('ines@example.org');
      const twoStep = createTwoStep(server.database);
      const setup = await twoStep.beginSetup(id, {
        issuer: 'Test',
        account: 'ines@example.org',
      });
      const recoveryCodes = await twoStep.finishSetup(
        id,
        authenticationCode(setup?.setupKey ?? ''),
      );
      if (!Array.isArray(recoveryCodes)) throw new Error('not turned on');
      for (let address = 1; address <= 12; address += 1)
        expect(
          (await signIn(`198.51.100.${address}`, 'ines@example.org', 'guess'))
            .status,
        ).toBe(401);
      const passwordStep = await signIn(
        '192.0.2.44',
        'ines@example.org',
        password,
      );
      expect(passwordStep.status).toBe(202);
      holds = [];
      const codeStep = await post(
        '/api/review/session/code',
        '192.0.2.44',
        { code: recoveryCodes[0] },
        sessionCookieOf(passwordStep),
      );
      expect(codeStep.status).toBe(200);
      expect(codeStep.headers.getSetCookie()).toContainEqual(
        expect.stringMatching(/^review-session=[\w-]+;/),
      );
      expect(holds).toEqual([]);
    });
  },
);
