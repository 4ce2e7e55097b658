import { execFileSync } from 'node:child_process';
import { chromium, type Frame } from '@playwright/test';
import { chromiumPath } from '../../scripts/ensure-chromium.ts';
import { startCompiledServer } from './compiled-server.ts';

/**
 * The compiled server on the SQLite file at `sqlitePath`, with an admin made by the compiled command
 * and signed in through the sign-in page of a fresh Chromium at 1400×900, arrived at `next`.
 */
export async function openSignedIn(sqlitePath: string, next: string) {
  const server = await startCompiledServer({ SQLITE_PATH: sqlitePath });
  const password = 'correct horse battery staple';
  execFileSync(
    process.execPath,
    ['dist/server/staff.js', 'add', 'bench@example.org', '--role', 'admin'],
    {
      env: { ...process.env, SQLITE_PATH: sqlitePath },
      input: `${password}\n`,
    },
  );
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({
    viewport: { width: 1400, height: 900 },
  });
  await page.goto(
    `${server.url}/review/sign-in?next=${encodeURIComponent(next)}`,
  );
  await page.getByLabel('Email').fill('bench@example.org');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}${next}`);
  return {
    server,
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * Waits until the frame has settled: three idle periods in a row with nearly the whole 50 ms an idle
 * period can have, so what a page does while the browser is idle after loading is not counted as
 * the cost of what is measured next.
 */
export async function untilSettled(frame: Frame): Promise<void> {
  // A string, not a function: tsx would name the inner function with a helper the page lacks.
  await frame.evaluate(`new Promise((resolve) => {
    let quiet = 0;
    const next = () =>
      requestIdleCallback((deadline) => {
        quiet = deadline.timeRemaining() >= 45 ? quiet + 1 : 0;
        if (quiet === 3) resolve();
        else next();
      });
    next();
  })`);
}
