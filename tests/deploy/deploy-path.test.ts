import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { once } from 'node:events';
import {
  appendFileSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { init, parse } from 'es-module-lexer';
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

/** The disk each installed package takes in the tree's node_modules, as `du` counts it, largest first. */
function diskUsageOfPackages(): Array<[string, number]> {
  const nodeModules = join(tree, 'node_modules');
  const seen = new Set<string>();
  const usageOf = (path: string): number => {
    const stats = lstatSync(path);
    const inode = `${stats.dev}:${stats.ino}`;
    if (seen.has(inode)) return 0;
    seen.add(inode);
    const own = stats.blocks * 512;
    return stats.isDirectory()
      ? readdirSync(path).reduce(
          (sum, entry) => sum + usageOf(join(path, entry)),
          own,
        )
      : own;
  };
  return readdirSync(nodeModules)
    .flatMap((entry) =>
      entry.startsWith('@')
        ? readdirSync(join(nodeModules, entry)).map(
            (name) => `${entry}/${name}`,
          )
        : [entry],
    )
    .map((name): [string, number] => [name, usageOf(join(nodeModules, name))])
    .sort((a, b) => b[1] - a[1]);
}

/** The packages the built server names in an import, a dynamic import or a require. */
async function packagesImportedByServer(): Promise<Set<string>> {
  await init();
  const serverDirectory = join(tree, 'dist/server');
  const specifiers = readdirSync(serverDirectory, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => {
      const source = readFileSync(join(serverDirectory, file), 'utf8');
      const [imports] = parse(source, file);
      // A bundled CommonJS module's require, through the bundle's createRequire.
      const required = [...source.matchAll(/\b__require\("([^"]+)"\)/g)];
      return [
        ...imports.flatMap((entry) =>
          'specifier' in entry && typeof entry.specifier === 'string'
            ? [entry.specifier]
            : [],
        ),
        ...required.map((match) => match[1] ?? ''),
      ];
    });
  return new Set(
    specifiers
      .filter(
        (specifier) => !specifier.startsWith('.') && !isBuiltin(specifier),
      )
      .map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
  );
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
  // docs/decisions/042: what each production dependency is for, and why the tree stays this small.
  const packages = diskUsageOfPackages();
  const megabytes = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  const total = packages.reduce((sum, [, bytes]) => sum + bytes, 0);
  expect(
    total,
    `The pruned node_modules takes ${megabytes(total)} MB; the largest: ${packages
      .slice(0, 10)
      .map(([name, bytes]) => `${name} ${megabytes(bytes)} MB`)
      .join(', ')}`,
  ).toBeLessThan(100 * 2 ** 20);

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
    // The command made the folder; only its runner may enter it or read the copy.
    const [backup = ''] = readdirSync(join(tree, 'backups'));
    expect(statSync(join(tree, 'backups')).mode & 0o777).toBe(0o700);
    expect(statSync(join(tree, 'backups', backup)).mode & 0o777).toBe(0o600);
    expect(expectSuccess(run('npm run staff -- list')).stdout).toContain(
      'you@example.org\tadmin',
    );
  } finally {
    await server.stop();
  }

  // The README's restore, as written, with the server stopped: what came after the backup is gone.
  expectSuccess(
    run('npm run staff -- add later@example.org --role reviewer', password),
  );
  const [backup = ''] = readdirSync(join(tree, 'backups'));
  for (const line of readmeCommands('### Restoring a backup'))
    expectSuccess(
      run(
        line
          .replace(
            /\/var\/backups\/creator-wizard\/\S+/,
            join(tree, 'backups', backup),
          )
          // The service's user, where this test runs: the one running it.
          .replace(
            '-o creator-wizard -g creator-wizard',
            '-o "$(id -u)" -g "$(id -g)"',
          ),
      ),
    );
  expect(statSync(join(tree, 'data/applications.db')).mode & 0o777).toBe(0o600);
  const staff = expectSuccess(run('npm run staff -- list')).stdout;
  expect(staff).toContain('you@example.org\tadmin');
  expect(staff).not.toContain('later@example.org');

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

test('the built server imports only production dependencies, each installed in the pruned tree, and every one of them', async () => {
  const { dependencies } = JSON.parse(
    readFileSync(join(tree, 'package.json'), 'utf8'),
  ) as { dependencies: Record<string, string> };
  const imported = await packagesImportedByServer();
  expect([...imported].sort()).toEqual(Object.keys(dependencies).sort());
  for (const name of imported)
    expect(
      existsSync(join(tree, 'node_modules', name, 'package.json')),
      name,
    ).toBe(true);
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
