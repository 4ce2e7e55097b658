import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { once } from 'node:events';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { unsupportedNodeLine } from '../../src/server/process-prelude.js';
import { readmeCommands } from '../support/readme.ts';
import { freePort } from '../support/server-process.ts';
import { readyWhen, started } from '../support/started-process.ts';

// The README's deployment, as an operator runs it, in a fresh clone of this repository's committed
// state (CI's clone is exactly what lands): a clean install, a build, a tree pruned of the build
// tools, then the commands that must work there.

const repository = process.cwd();
const tree = join(mkdtempSync(join(tmpdir(), 'wizard-deploy-')), 'app');
const password = 'a-long-enough-password\n';

/** One README command in the deployed tree, through a shell as an operator would type it. */
function run(command: string, input = ''): SpawnSyncReturns<string> {
  return spawnSync('bash', ['-c', command], {
    cwd: tree,
    input,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
    timeout: 600_000,
  });
}

function expectSuccess(result: SpawnSyncReturns<string>) {
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

const isClean = () => run('git status --porcelain').stdout === '';

/** `npm start` in the background, in its own process group; ready when the page answers. */
async function startServer(port: number) {
  const server = started('bash', ['-c', 'npm start'], {
    cwd: tree,
    detached: true,
  });
  const exited = once(server.child, 'exit');
  await readyWhen(
    'npm start',
    server,
    async () => (await fetch(`http://127.0.0.1:${port}/`)).ok,
    120_000,
  );
  return {
    output: server.output,
    stop: async () => {
      process.kill(-(server.child.pid ?? 0), 'SIGTERM');
      await exited;
    },
  };
}

test('the README deploys the server into a pruned tree, where the commands run without building', async () => {
  const [clone, install, copyEnv, addAdmin, start, ...rest] = readmeCommands(
    '## Running it in production',
  );
  expect(rest).toEqual([]);
  expect(start).toBe('npm start');

  expectSuccess(
    spawnSync(
      'bash',
      [
        '-c',
        (clone ?? '')
          .replace('https://example.org/creator-wizard.git', repository)
          .replaceAll('/srv/creator-wizard', tree),
      ],
      { encoding: 'utf8' },
    ),
  );
  // A developer's `npm install` in a fresh clone leaves git clean: the lockfile is as npm writes it.
  expectSuccess(run('npm install --no-audit --no-fund'));
  expect(isClean()).toBe(true);

  expectSuccess(run(install ?? ''));
  expect(existsSync(join(tree, 'node_modules/vite'))).toBe(false);
  expect(isClean()).toBe(true);

  expectSuccess(run(copyEnv ?? ''));
  const port = await freePort();
  const envFile = join(tree, '.env');
  writeFileSync(
    envFile,
    readFileSync(envFile, 'utf8')
      .replace(/^PORT=.*$/m, `PORT=${port}`)
      .replace(/^HOST=.*$/m, 'HOST=127.0.0.1'),
  );
  expect(expectSuccess(run(addAdmin ?? '', password)).stdout).toContain(
    'Added you@example.org (admin).',
  );

  const server = await startServer(port);
  try {
    expect(server.output()).not.toContain('Building');
    const [exportLine] = readmeCommands('## Review API').filter((line) =>
      line.startsWith('npm run export'),
    );
    expect(expectSuccess(run(exportLine ?? '')).stdout).toContain(
      'Exported 0 applications to applications.csv',
    );
    const [backupLine] = readmeCommands('### Backups');
    mkdirSync(join(tree, 'backups'));
    expect(
      expectSuccess(
        run(
          (backupLine ?? '').replace(
            '/var/backups/creator-wizard/',
            `${tree}/backups/`,
          ),
        ),
      ).stdout,
    ).toMatch(
      /^Backed up data\/applications\.db to .*: 0 applications, .* integrity ok$/m,
    );
    expect(expectSuccess(run('npm run staff -- list')).stdout).toContain(
      'you@example.org\tadmin',
    );
  } finally {
    await server.stop();
  }

  // Sources that no longer match the build: one line saying what to run, never a build or a crash.
  appendFileSync(join(tree, 'src/server/serve.ts'), '\n// changed\n');
  const stale = run('npm start');
  expect(stale.status).not.toBe(0);
  expect(stale.stderr).toContain(
    'dist/ was not built from the sources in this tree, and this tree has no build tools',
  );
  expect(`${stale.stdout}${stale.stderr}`).not.toMatch(/\n\s+at |Building/);
  expectSuccess(run('git checkout -- src/server/serve.ts'));
});

// The machine's own Node, when it is older than the project supports, as an operator might have it.
const systemNode = '/usr/bin/node';
const systemVersion = existsSync(systemNode)
  ? spawnSync(systemNode, ['-p', 'process.versions.node'], {
      encoding: 'utf8',
    }).stdout.trim()
  : undefined;
const tooOldLine = systemVersion && unsupportedNodeLine(systemVersion);
if (!tooOldLine)
  process.stdout.write(
    `\n  Old-Node check SKIPPED: ${systemNode} is ${systemVersion ? `Node ${systemVersion}, which is supported` : 'missing'}\n\n`,
  );

test.runIf(tooOldLine)(
  'an older Node gets one line naming both versions from every entry point',
  () => {
    for (const entry of [
      'dist/server/main.js',
      'dist/server/staff.js',
      'scripts/ensure-build.js',
    ]) {
      const result = spawnSync(systemNode, [entry, 'list'], {
        cwd: tree,
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(`${tooOldLine}\n`);
    }
    // Through npm, as `npm start` runs it with the older Node first on PATH.
    const viaNpm = spawnSync('bash', ['-c', 'npm start'], {
      cwd: tree,
      encoding: 'utf8',
      env: { ...process.env, PATH: `/usr/bin:${process.env.PATH ?? ''}` },
    });
    expect(viaNpm.status).not.toBe(0);
    expect(viaNpm.stderr).toContain(`${tooOldLine}\n`);
    expect(viaNpm.stderr).not.toMatch(/Segmentation|\n\s+at /);
  },
);
