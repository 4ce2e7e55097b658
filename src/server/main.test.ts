import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

function start(env: Record<string, string>) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/main.ts'],
    {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 20_000,
    },
  );
}

function configFile(mutate: (config: Record<string, unknown>) => void): string {
  const config = JSON.parse(
    readFileSync('config/example.wizard.json', 'utf8'),
  ) as Record<string, unknown>;
  mutate(config);
  const path = join(
    mkdtempSync(join(tmpdir(), 'wizard-config-')),
    'broken.wizard.json',
  );
  writeFileSync(path, JSON.stringify(config));
  return path;
}

test('refuses to start with a broken configuration and names the JSON path', () => {
  const path = configFile((config) => {
    const steps = config.steps as Array<{
      blocks: Array<{ data: Record<string, unknown> }>;
    }>;
    (steps[1]?.blocks[0]?.data ?? {}).path = 'personalInfo.nickname';
    config.signInUrl = 'javascript:alert(1)';
  });
  const result = start({ WIZARD_CONFIG: path, PORT: '0' });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(
    `The wizard configuration ${path} is invalid:`,
  );
  expect(result.stderr).toContain(
    'steps[1].blocks[0].data.path: "personalInfo.nickname" is not an answer this block can hold',
  );
  expect(result.stderr).toContain(
    'signInUrl: must be an http(s) URL or a path starting with /',
  );
});

test('refuses to start when the configuration is not JSON', () => {
  const path = join(
    mkdtempSync(join(tmpdir(), 'wizard-config-')),
    'broken.json',
  );
  writeFileSync(path, '{ "pageId": ');
  const result = start({ WIZARD_CONFIG: path, PORT: '0' });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('is not valid JSON');
});

test('refuses to start with a bad environment variable, one line per problem', () => {
  const result = start({ PORT: 'eighty' });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(
    /Invalid environment:\n {2}- PORT: .*\(got "eighty"\)/,
  );
});

test('refuses to start without a build, in one line that says how to make one', () => {
  const dist = mkdtempSync(join(tmpdir(), 'wizard-dist-'));
  const result = start({
    DIST_DIR: dist,
    SQLITE_PATH: join(dist, 'applications.db'),
    PORT: '0',
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    `${join(dist, 'index.html')} is missing: run \`npm run build\` first\n`,
  );
});
