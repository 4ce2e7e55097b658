import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { engines, scratchDatabase } from './databases.ts';
import type { Engine } from '../../src/server/db/database.ts';
import { freePort } from './server-process.ts';
import { readyWhen, started } from './started-process.ts';

export const password = 'correct horse battery staple';

type Server = { url: string; stop: () => void };

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const server = started(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await readyWhen(
    'the server',
    server,
    async () => (await fetch(`${url}/api/health`)).ok,
  );
  return { url, stop: () => server.child.kill('SIGTERM') };
}

/**
 * Servers of a spec's own, for a spec that changes the form they serve: `count` processes of the
 * built server on one scratch database, PostgreSQL when one answers unless `engine` names one, with
 * `env` added to their environment.
 */
export async function startFormServers(
  count: number,
  options: { engine?: Engine; env?: Record<string, string> } = {},
) {
  const engine =
    options.engine ?? (engines.includes('postgres') ? 'postgres' : 'sqlite');
  const scratch = await scratchDatabase(
    engine,
    mkdtempSync(join(tmpdir(), 'form-servers-')),
  );
  const env: Record<string, string> =
    engine === 'postgres'
      ? { DATABASE_URL: scratch.url ?? '' }
      : { SQLITE_PATH: scratch.sqlitePath, DATABASE_URL: '' };
  const servers: Server[] = [];
  for (let index = 0; index < count; index += 1)
    servers.push(await startServer({ ...env, ...options.env }));
  const [first] = servers;
  if (!first) throw new Error('start at least one server');

  return {
    servers,
    /** What a command needs to run on the servers' database. */
    env,
    /** The servers' database, opened for a test to read or write as a command would. */
    openDatabase: scratch.open,
    addStaff(email: string, role: 'admin' | 'reviewer') {
      execFileSync(
        process.execPath,
        ['dist/server/staff.js', 'add', email, '--role', role],
        { env: { ...process.env, ...env }, input: `${password}\n` },
      );
    },
    /** Signs in on the first server and lands on `next`. */
    async signIn(page: Page, email: string, next: string) {
      await page.goto(
        `${first.url}/review/sign-in?next=${encodeURIComponent(next)}`,
      );
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(`${first.url}${next}`);
    },
    async stop() {
      for (const server of servers) server.stop();
      await scratch.drop();
    },
  };
}
