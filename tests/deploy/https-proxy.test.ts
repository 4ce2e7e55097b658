import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { ensureDebianCommands } from '../support/debian-packages.ts';
import { readmeBlock } from '../support/readme.ts';
import { readyWhen, started } from '../support/started-process.ts';
import { freePort } from '../support/server-process.ts';

/**
 * README's "As a service, behind HTTPS", run: its Caddy site block in front of the server its systemd
 * unit starts, signed in to through headless Chromium, with only the host names and ports changed.
 */

const caddy = '/usr/bin/caddy';
const systemdAnalyze = '/usr/bin/systemd-analyze';
const repository = fileURLToPath(new URL('../..', import.meta.url));
const readyWithinMs = 60_000;
const email = 'ops@example.org';
const password = 'a-long-password-123';

const missing = ensureDebianCommands({
  [caddy]: 'caddy',
  [chromiumLaunchOptions.executablePath]: 'chromium',
});
if (missing)
  process.stdout.write(`\n  HTTPS proxy test SKIPPED: ${missing}\n\n`);
// Installing systemd would change how the machine boots, so the tests never do it themselves.
const hasSystemdAnalyze = existsSync(systemdAnalyze);
if (!hasSystemdAnalyze)
  process.stdout.write(
    `\n  systemd unit check SKIPPED: ${systemdAnalyze} is missing (apt-get install systemd, where that is safe)\n\n`,
  );

/** Replaces text that must occur exactly once, so a README that drifts fails loudly here. */
function replacedOnce(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2)
    throw new Error(`"${from}" occurs ${parts.length - 1} times, not once`);
  return parts.join(to);
}

function captured(pattern: RegExp, text: string, what: string): string[] {
  const match = pattern.exec(text);
  if (!match) throw new Error(`README's ${what} is not there`);
  return match.slice(1);
}

const heading = '### As a service, behind HTTPS';
const siteBlock = readmeBlock(heading, 'caddy');
const unit = readmeBlock(heading, 'ini');
const [siteAddress = ''] = captured(/^(\S+) \{$/m, siteBlock, 'site address');
const [upstreamHost = '', upstreamPort = ''] = captured(
  /reverse_proxy (\S+):(\d+)$/m,
  siteBlock,
  'upstream',
);
const [execStart = ''] = captured(/^ExecStart=(.*)$/m, unit, 'ExecStart=');

/** The status of a GET over HTTPS, the certificate unchecked as in the browser's context (Caddy's own authority signed it). */
const httpsStatus = (url: string) =>
  new Promise<number>((resolve, reject) => {
    request(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .once('error', reject)
      .end();
  });

async function stopped(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exit = once(child, 'exit');
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exit;
  clearTimeout(killer);
  return child.exitCode;
}

describe.skipIf(missing !== undefined)(
  "README's Caddy site block and systemd unit",
  () => {
    let scratch: string;
    let server: ReturnType<typeof started>;
    let proxy: ReturnType<typeof started>;
    let browser: Browser;
    let origin: string;
    let serverUrl: string;

    beforeAll(async () => {
      scratch = mkdtempSync(join(tmpdir(), 'wizard-deploy-'));
      execFileSync(process.execPath, ['scripts/ensure-build.js'], {
        cwd: repository,
        stdio: 'inherit',
      });
      const serverPort = await freePort();
      let proxyPort = await freePort();
      while (proxyPort === serverPort) proxyPort = await freePort();
      origin = `https://localhost:${proxyPort}`;
      serverUrl = `http://${upstreamHost}:${serverPort}`;
      const sqlitePath = join(scratch, 'data', 'applications.db');
      // The unit's command, in the repository as its WorkingDirectory, with the environment of a
      // service: PATH leads to the Node running these tests; TRUST_PROXY stays unset.
      const [command = '', ...args] = execStart.split(' ');
      server = started(command, args, {
        cwd: repository,
        env: {
          PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
          HOME: scratch,
          PORT: String(serverPort),
          HOST: upstreamHost,
          SQLITE_PATH: sqlitePath,
          PUBLIC_URL: origin,
          RATE_LIMIT_PER_MINUTE: '0',
        },
      });
      await readyWhen(
        'the server',
        server,
        async () => (await fetch(`${serverUrl}/api/health`)).ok,
      );
      execFileSync(
        process.execPath,
        ['dist/server/staff.js', 'add', email, '--role', 'admin'],
        {
          cwd: repository,
          env: { ...process.env, SQLITE_PATH: sqlitePath },
          input: `${password}\n`,
        },
      );

      // Global options for a test beside others: no admin endpoint on its fixed port, Caddy's own
      // certificate authority instead of a public one (localhost, no internet), the machine's trust
      // store left alone, and no HTTP listener on port 80 for redirects.
      const caddyfile = `{
\tadmin off
\tlocal_certs
\tskip_install_trust
\tauto_https disable_redirects
}

${replacedOnce(
  replacedOnce(siteBlock, siteAddress, `localhost:${proxyPort}`),
  `reverse_proxy ${upstreamHost}:${upstreamPort}`,
  `reverse_proxy ${upstreamHost}:${serverPort}`,
)}`;
      writeFileSync(join(scratch, 'Caddyfile'), caddyfile);
      // Caddy keeps its certificates and autosaved configuration under these folders.
      proxy = started(
        caddy,
        ['run', '--config', 'Caddyfile', '--adapter', 'caddyfile'],
        {
          cwd: scratch,
          env: {
            PATH: process.env.PATH,
            HOME: scratch,
            XDG_DATA_HOME: join(scratch, 'caddy-data'),
            XDG_CONFIG_HOME: join(scratch, 'caddy-config'),
          },
        },
      );
      await readyWhen(
        'Caddy',
        proxy,
        async () => (await httpsStatus(`${origin}/api/health`)) === 200,
      );
      browser = await chromium.launch(chromiumLaunchOptions);
    });

    afterAll(async () => {
      await browser?.close();
      if (proxy) await stopped(proxy.child);
      if (server) await stopped(server.child);
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    });

    test.skipIf(!hasSystemdAnalyze)(
      'systemd-analyze accepts the unit without a warning and rates its exposure OK',
      () => {
        const directory = join(scratch, 'systemd');
        mkdirSync(directory);
        const file = join(directory, 'creator-wizard.service');
        writeFileSync(file, unit);
        const verify = spawnSync(systemdAnalyze, ['verify', file], {
          encoding: 'utf8',
        });
        expect(verify.stderr).toBe('');
        expect(verify.status).toBe(0);
        const security = spawnSync(
          systemdAnalyze,
          ['security', '--offline=yes', file],
          { encoding: 'utf8' },
        );
        const exposure = /Overall exposure level for \S+: ([\d.]+) (\w+)/.exec(
          security.stdout,
        );
        expect(exposure?.[2], security.stdout + security.stderr).toBe('OK');
      },
    );

    test('staff sign in through the proxy and get a __Host- cookie that is Secure, HttpOnly and SameSite=Lax', async () => {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      context.setDefaultTimeout(readyWithinMs);
      const page = await context.newPage();
      try {
        await page.goto(`${origin}/review`);
        await page.getByLabel('Email', { exact: true }).fill(email);
        await page.getByLabel('Password', { exact: true }).fill(password);
        const signInAnswer = page.waitForResponse(
          (response) =>
            response.url() === `${origin}/api/review/session` &&
            response.request().method() === 'POST',
        );
        await page
          .getByRole('button', { name: 'Sign in', exact: true })
          .click();

        // A POST the server accepted: the Origin the browser sent through the proxy was its PUBLIC_URL.
        const answer = await signInAnswer;
        expect(answer.status()).toBe(200);
        expect(await answer.request().headerValue('origin')).toBe(origin);
        await page.waitForURL(`${origin}/review`);
        await page
          .getByRole('navigation', { name: 'Workspace' })
          .getByRole('link', { name: 'Audit log' })
          .waitFor();
        await page.getByText(email, { exact: true }).waitFor();
        expect(await context.cookies()).toEqual([
          expect.objectContaining({
            name: '__Host-review-session',
            domain: 'localhost',
            path: '/',
            secure: true,
            httpOnly: true,
            sameSite: 'Lax',
          }),
        ]);

        const foreign = await context.request.post(
          `${origin}/api/review/session`,
          {
            headers: { origin: 'https://evil.example' },
            data: { email, password },
          },
        );
        expect(foreign.status()).toBe(403);

        await page
          .getByRole('button', { name: 'Sign out', exact: true })
          .click();
        // The form, not the address: a request the inbox still has in flight may meet the ended
        // session first and lead to the sign-in page itself, so two navigations can race.
        await page
          .getByRole('button', { name: 'Sign in', exact: true })
          .waitFor();
        expect(new URL(page.url()).pathname).toBe('/review/sign-in');
        expect(await context.cookies()).toEqual([]);
      } finally {
        await context.close();
      }
    });

    test("the unit's ExecStart, run in the repository, serves directly on the upstream port and stops cleanly", async () => {
      const health = await fetch(`${serverUrl}/api/health`);
      expect(await health.json()).toEqual({
        status: 'ok',
        database: 'sqlite',
      });
      expect(await stopped(server.child), server.output()).toBe(0);
    });
  },
);
