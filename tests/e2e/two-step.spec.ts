import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  expect,
  request as requests,
  test,
  type Browser,
  type Page,
} from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { servers, serverUrl, type ServerName } from '../support/servers.ts';
import { authenticationCode, turnOn } from '../support/two-step.ts';
import {
  addStaff,
  emailBox,
  password,
  passwordBox,
  signIn,
  signInButton,
} from '../support/workspace.ts';

// axe runs on every screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });
// Each test signs in several times, and each password is checked by argon2id, slow by design.
test.setTimeout(90_000);

const codeBox = (page: Page) =>
  page.getByLabel('Authentication code', { exact: true });

/** `npm run staff` on the two-step server's database, the compiled command. */
function staffOnTwoStepServer(args: string[], input = ''): string {
  return execFileSync(process.execPath, ['dist/server/staff.js', ...args], {
    env: {
      ...process.env,
      SQLITE_PATH:
        servers.find((server) => server.name === 'twoStep')?.sqlitePath ?? '',
    },
    input,
    encoding: 'utf8',
  });
}

/** Password, then (when asked) the code, on the sign-in page of `server`, from `address`. */
async function signInWithCode(
  browser: Browser,
  server: ServerName,
  email: string,
  code: string | undefined,
  address?: string,
) {
  const context = await browser.newContext({
    bypassCSP: true,
    ...(address && { extraHTTPHeaders: { 'x-forwarded-for': address } }),
  });
  const page = await context.newPage();
  await page.goto(serverUrl(server, '/review/sign-in'));
  await emailBox(page).fill(email);
  await passwordBox(page).fill(password);
  await signInButton(page).click();
  await expect(codeBox(page)).toBeFocused();
  if (code !== undefined) {
    await codeBox(page).fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  }
  return { context, page };
}

test('a reviewer turns two-step sign-in on in Settings, then signs in with a code; a recovery code works once', async ({
  page,
  browser,
}) => {
  const email = addStaff('reviewer');
  await signIn(page, email);
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Settings' })
    .click();
  const { setupKey, recoveryCodes } = await turnOn(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(
    page.getByText('10 of 10 recovery codes left', { exact: false }),
  ).toBeVisible();

  // The password alone opens nothing.
  const passwordOnly = await signInWithCode(
    browser,
    'example',
    email,
    undefined,
  );
  expect(await seriousViolations(passwordOnly.page)).toEqual([]);
  await passwordOnly.page.goto(serverUrl('example', '/review'));
  await expect(passwordOnly.page).toHaveURL(
    /\/review\/sign-in\?next=%2Freview$/,
  );
  await passwordOnly.context.close();

  const withCode = await signInWithCode(
    browser,
    'example',
    email,
    authenticationCode(setupKey, 1),
  );
  await expect(withCode.page).toHaveURL(serverUrl('example', '/review'));
  await expect(withCode.page.getByText(email)).toBeVisible();
  await withCode.context.close();

  const [recoveryCode = ''] = recoveryCodes;
  const first = await signInWithCode(browser, 'example', email, recoveryCode);
  await expect(first.page).toHaveURL(serverUrl('example', '/review'));
  await first.context.close();

  const second = await signInWithCode(browser, 'example', email, recoveryCode);
  await expect(second.page.getByRole('alert')).toHaveText(
    'That code is not right, or it was used already. Enter the newest code from your authenticator app, or one of your recovery codes.',
  );
  await expect(codeBox(second.page)).toHaveValue(recoveryCode);
  await second.page.goto(serverUrl('example', '/review'));
  await expect(second.page).toHaveURL(/\/review\/sign-in/);
  await second.context.close();
});

test.describe('where two-step sign-in is required', () => {
  test.beforeAll(() => {
    expect(staffOnTwoStepServer(['require-two-step', 'on'])).toContain(
      'Two-step sign-in is now required',
    );
  });

  test('an account without it is sent to set it up right after its password, and can do nothing else until it is on', async ({
    page,
  }) => {
    const email = `admin-${randomUUID()}@example.org`;
    staffOnTwoStepServer(['add', email, '--role', 'admin'], `${password}\n`);
    await page.goto(
      serverUrl(
        'twoStep',
        `/review/sign-in?next=${encodeURIComponent('/review/audit')}`,
      ),
    );
    await emailBox(page).fill(email);
    await passwordBox(page).fill(password);
    await signInButton(page).click();
    await expect(page).toHaveURL(
      serverUrl('twoStep', '/review/two-step?next=%2Freview%2Faudit'),
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
    ).toBeVisible();

    // Every other screen and API leads back here.
    await page.goto(serverUrl('twoStep', '/review/staff'));
    await expect(page).toHaveURL(
      serverUrl('twoStep', '/review/two-step?next=%2Freview%2Fstaff'),
    );
    const staffApi = await page.request.get(
      serverUrl('twoStep', '/api/review/staff'),
    );
    expect(staffApi.status()).toBe(403);

    await turnOn(page);
    await page.getByRole('button', { name: 'Go to the workspace' }).click();
    await expect(page).toHaveURL(serverUrl('twoStep', '/review/staff'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Staff' }),
    ).toBeVisible();
  });

  test('ten wrong passwords for a reviewer from one address do not keep them out: the right password and code from theirs signs them in', async ({
    browser,
  }) => {
    const email = `reviewer-${randomUUID()}@example.org`;
    staffOnTwoStepServer(['add', email, '--role', 'reviewer'], `${password}\n`);
    const theirs = '198.51.100.7';
    const attackers = '203.0.113.66';

    // The reviewer sets two-step sign-in up once, through the API, from their own address.
    const own = await requests.newContext({
      baseURL: serverUrl('twoStep', '/'),
      extraHTTPHeaders: {
        origin: serverUrl('twoStep', '/').replace(/\/$/, ''),
        'x-forwarded-for': theirs,
      },
    });
    expect(
      (
        await own.post('/api/review/session', { data: { email, password } })
      ).status(),
    ).toBe(200);
    const { setupKey } = (await (
      await own.post('/api/review/two-step/setup')
    ).json()) as { setupKey: string };
    expect(
      (
        await own.post('/api/review/two-step', {
          data: { code: authenticationCode(setupKey) },
        })
      ).status(),
    ).toBe(201);
    await own.dispose();

    const attacker = await requests.newContext({
      extraHTTPHeaders: {
        origin: serverUrl('twoStep', '/').replace(/\/$/, ''),
        'x-forwarded-for': attackers,
      },
    });
    const guesses = [];
    for (let guess = 0; guess < 10; guess += 1)
      guesses.push(
        (
          await attacker.post(serverUrl('twoStep', '/api/review/session'), {
            data: { email: email.toUpperCase(), password: `guess ${guess}` },
          })
        ).status(),
      );
    expect(guesses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(guesses).toContain(429);
    // From the attacker's address even the right password waits now.
    expect(
      (
        await attacker.post(serverUrl('twoStep', '/api/review/session'), {
          data: { email, password },
        })
      ).status(),
    ).toBe(429);
    await attacker.dispose();

    const reviewer = await signInWithCode(
      browser,
      'twoStep',
      email,
      authenticationCode(setupKey, 1),
      theirs,
    );
    await expect(reviewer.page).toHaveURL(serverUrl('twoStep', '/review'));
    await expect(reviewer.page.getByText(email)).toBeVisible();
    await reviewer.context.close();
  });

  test('a passkey, added in Settings on a browser with a (virtual) authenticator, does the second step instead of a code', async ({
    page,
  }) => {
    // A passkey is bound to a host name, which an IP address cannot be.
    const at = (path: string) =>
      serverUrl('twoStep', path).replace('127.0.0.1', 'localhost');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send(
      'WebAuthn.addVirtualAuthenticator',
      {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      },
    );
    const email = `passkey-${randomUUID()}@example.org`;
    staffOnTwoStepServer(['add', email, '--role', 'reviewer'], `${password}\n`);
    const signInWithPassword = async () => {
      await page.goto(at('/review/sign-in'));
      await emailBox(page).fill(email);
      await passwordBox(page).fill(password);
      await signInButton(page).click();
    };

    await signInWithPassword();
    await expect(page).toHaveURL(at('/review/two-step?next=%2Freview'));
    await turnOn(page);
    await page.getByRole('button', { name: 'Go to the workspace' }).click();
    await page.goto(at('/review/settings'));
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Passkey added.' }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Remove passkey 1' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', {
      authenticatorId,
    });
    expect(credentials).toHaveLength(1);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/review\/sign-in$/);
    await signInWithPassword();
    await expect(codeBox(page)).toBeFocused();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(at('/review'));
    await expect(page.getByText(email)).toBeVisible();
  });
});
