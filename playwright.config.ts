import { defineConfig } from '@playwright/test';
import {
  chromiumExecutable,
  e2eAdminToken,
  messagingEnv,
  servers,
} from './tests/support/servers.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  workers: 2,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable,
      // The machine has no internet: background services would only fail and slow the browser down.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
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
    },
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});
