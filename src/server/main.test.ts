import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { openDatabase } from './db/database.ts';
import { buildMigrations } from './db/migrations.ts';
import { fakeDist } from '../../tests/support/fixtures.ts';
import {
  freePort,
  startServerProcess,
} from '../../tests/support/server-process.ts';
import { readyWhen, started } from '../../tests/support/started-process.ts';

/** The server as its own process, in `cwd` (where it looks for `.env`), until it exits. */
function start(env: Record<string, string>, cwd = process.cwd()) {
  return spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), resolve('src/server/main.ts')],
    {
      cwd,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 60_000,
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

test('refuses to start when the port is taken, in one line that names PORT', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const address = holder.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const dist = mkdtempSync(join(tmpdir(), 'wizard-port-'));
  try {
    const result = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: join(dist, 'applications.db'),
      DIST_DIR: fakeDist(),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `PORT: ${port} is already in use on 127.0.0.1; stop what holds it or choose another PORT\n`,
    );
  } finally {
    holder.close();
  }
});

test('refuses to start when PostgreSQL cannot be reached or its URL is broken, without repeating the password', async () => {
  const port = await freePort();
  const unreachable = start({
    DATABASE_URL: `postgres://wizard:s3cret-pass@127.0.0.1:${port}/wizard`,
    PORT: '0',
  });
  expect(unreachable.status).toBe(1);
  expect(unreachable.stderr).toBe(
    `DATABASE_URL: the database cannot be reached at 127.0.0.1:${port} (ECONNREFUSED)\n`,
  );
  const broken = start({
    DATABASE_URL: 'postgres://wizard:s3cret-pass@127.0.0.1:99999/wizard',
    PORT: '0',
  });
  expect(broken.status).toBe(1);
  expect(broken.stderr).toBe(
    'DATABASE_URL: is not a valid URL (postgres://user:password@host:port/database)\n',
  );
  const shortToken = start({ ADMIN_TOKEN: 's3cret-pass', PORT: '0' });
  expect(shortToken.status).toBe(1);
  for (const result of [unreachable, broken, shortToken])
    expect(result.stderr).not.toContain('s3cret-pass');
});

test('refuses to start when the SQLite file cannot be opened, in one line that names SQLITE_PATH', () => {
  const folder = mkdtempSync(join(tmpdir(), 'wizard-sqlite-'));
  const notAFolder = join(folder, 'file');
  writeFileSync(notAFolder, '');
  const sqlitePath = join(notAFolder, 'applications.db');
  const result = start({ SQLITE_PATH: sqlitePath, PORT: '0' });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(
    new RegExp(`^SQLITE_PATH: cannot open ${sqlitePath}: .+\n$`),
  );
});

test('refuses an SQLITE_PATH on a file system that holds no folders (/proc/nope/x.db) in one line, at once', () => {
  const startedAt = Date.now();
  const result = start({ SQLITE_PATH: '/proc/nope/x.db', PORT: '0' });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(
    /^SQLITE_PATH: cannot open \/proc\/nope\/x\.db: .+\n$/,
  );
  // A hang would meet spawnSync's 60-second timeout instead.
  expect(Date.now() - startedAt).toBeLessThan(30_000);
});

test('reads .env in its working directory, and a variable set in the environment wins over it', () => {
  const folder = mkdtempSync(join(tmpdir(), 'wizard-dotenv-'));
  writeFileSync(join(folder, '.env'), 'PORT=eighty\nLOG_LEVEL=verbose\n');
  const result = start({ PORT: '0' }, folder);
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(
    /^Invalid environment:\n {2}- LOG_LEVEL: .*\(got "verbose"\)\n$/,
  );
});

test('refuses a database that a newer version has migrated, in one line', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'wizard-newer-'));
  const sqlitePath = join(folder, 'applications.db');
  const database = await openDatabase({ sqlitePath });
  await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-version', '2099-01-01T00:00:00.000Z')`.execute(
    database.db,
  );
  await database.close();
  const result = start({ SQLITE_PATH: sqlitePath, PORT: '0' });
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    `SQLITE_PATH: ${sqlitePath} was migrated by a newer version of this server (999-from-a-newer-version unknown to this one): run that version, or restore a backup taken before the upgrade\n`,
  );
});

test('logs each migration it applies at start, by name, and none on a database already up to date', async () => {
  const sqlitePath = join(
    mkdtempSync(join(tmpdir(), 'wizard-migrations-')),
    'applications.db',
  );
  const migrationsLogged = async () => {
    const port = await freePort();
    const server = started(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), resolve('src/server/main.ts')],
      {
        env: {
          ...process.env,
          SQLITE_PATH: sqlitePath,
          PORT: String(port),
          HOST: '127.0.0.1',
          DIST_DIR: fakeDist(),
        },
      },
    );
    const exited = once(server.child, 'exit');
    try {
      await readyWhen(
        'the server',
        server,
        async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok,
      );
    } finally {
      server.child.kill('SIGTERM');
      await exited;
    }
    return server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { migration?: string; msg: string })
      .filter((record) => record.migration !== undefined);
  };
  const names = Object.keys(buildMigrations('sqlite'));
  expect(await migrationsLogged()).toEqual(
    names.map((name) =>
      expect.objectContaining({
        migration: name,
        msg: `migration applied: ${name}`,
      }),
    ),
  );
  expect(await migrationsLogged()).toEqual([]);
});

test('WIZARD_CONFIG is the form of an empty database; later starts check the file but serve the published form', async () => {
  const sqlitePath = join(
    mkdtempSync(join(tmpdir(), 'wizard-seed-')),
    'applications.db',
  );
  const retitled = (title: string) =>
    configFile((config) => {
      config.title = title;
    });
  const servedTitle = async (wizardConfig: string) => {
    const server = await startServerProcess({
      SQLITE_PATH: sqlitePath,
      WIZARD_CONFIG: wizardConfig,
    });
    try {
      const form = (await (
        await fetch(`${server.url}/api/form/aldmere-creators`)
      ).json()) as { config: { title: string } };
      return form.config.title;
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
    }
  };
  expect(await servedTitle(retitled('First title'))).toBe('First title');
  expect(await servedTitle(retitled('Edited in the file'))).toBe('First title');
  const broken = start({
    SQLITE_PATH: sqlitePath,
    WIZARD_CONFIG: configFile((config) => {
      config.signInUrl = 'javascript:alert(1)';
    }),
    PORT: '0',
  });
  expect(broken.status).toBe(1);
  expect(broken.stderr).toContain(
    'signInUrl: must be an http(s) URL or a path starting with /',
  );
});
