import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium.ts';
import {
  e2eAdminToken,
  embedEnv,
  messagingEnv,
  proxyEnv,
  reachEnv,
  servers,
} from './tests/support/servers.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/playwright',
  // A ceiling, not a budget: at a load of 12 on two cores a test that walks the wizard twice
  // passes in 20–40 s, and one that hangs still fails within the minute.
  timeout: 60_000,
  // Also a ceiling: an assertion passes as soon as its element is ready, and at that load an
  // application read behind a busy server has taken over 5 s to reach the screen.
  expect: { timeout: 15_000 },
  workers: 2,
  // On CI, a test that fails is run once more before the run fails; one that passes only then is
  // reported as flaky in the list, to be fixed, rather than holding back everything else.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: servers.map(({ name, port, config, sqlitePath }) => ({
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${port}/`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      WIZARD_CONFIG: config,
      SQLITE_PATH: sqlitePath,
      ADMIN_TOKEN: e2eAdminToken,
      RATE_LIMIT_PER_MINUTE: '0',
      ...messagingEnv(name),
      ...proxyEnv(name),
      ...embedEnv(name),
      ...reachEnv(name),
    },
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});
