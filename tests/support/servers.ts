/** The servers the end-to-end run starts, one per configuration under test (playwright.config.ts). */
export const servers = {
  example: { port: 43917, config: 'config/example.wizard.json' },
  skipFinalStep: {
    port: 43918,
    config: 'tests/fixtures/skip-final-step.wizard.json',
  },
  requiredPlatforms: {
    port: 43919,
    config: 'tests/fixtures/required-platforms.wizard.json',
  },
  observability: {
    port: 43920,
    config: 'tests/fixtures/observability.wizard.json',
  },
} as const;

export type ServerName = keyof typeof servers;

export function serverUrl(name: ServerName, path = '/'): string {
  return `http://127.0.0.1:${servers[name].port}${path}`;
}

/** Where observability.wizard.json sends analytics and error reports: a recorder the tests start. */
export const recorderPort = 43930;

export const e2eAdminToken = 'e2e-admin-token-0123456789abcdef';

export const chromiumExecutable =
  process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
