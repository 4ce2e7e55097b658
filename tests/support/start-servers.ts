import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  e2eAdminToken,
  embedEnv,
  messagingEnv,
  proxyEnv,
  reachEnv,
  servers,
  serverUrl,
} from './servers.ts';

/**
 * The end-to-end run's global set-up: every server of `servers.ts` started at once, the run begun
 * when all answer. Playwright's own `webServer` entries start one after another, each waited for
 * before the next is spawned: at a load of 15–20 on two cores eleven of them took 40 s before the
 * first test, against about 15 s together. Returns the teardown that stops them.
 */
export default async function startServers(): Promise<() => Promise<void>> {
  const children = servers.map(({ name, port, config, sqlitePath }) => {
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...process.env,
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
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // What a server complains of reaches the run's output, named, as `webServer`'s stderr did.
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean))
        process.stderr.write(`[${name}] ${line}\n`);
    });
    return { name, child };
  });
  const stop = async () => {
    const running = children
      .map(({ child }) => child)
      .filter((child) => child.exitCode === null && child.signalCode === null);
    // Their databases are thrown away with the run: nothing to finish first.
    for (const child of running) child.kill('SIGKILL');
    await Promise.all(running.map((child) => once(child, 'exit')));
  };
  // A runner ended some other way must not leave eleven servers behind on their ports.
  const stopNow = () => {
    for (const { child } of children) child.kill('SIGKILL');
  };
  process.once('exit', stopNow);
  try {
    await Promise.all(
      children.map(({ name, child }) =>
        answering(name, child, serverUrl(name, '/api/health')),
      ),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return async () => {
    process.off('exit', stopNow);
    await stop();
  };
}

/**
 * Waits for `url` to answer; fails if the process exits first or the ceiling passes, which only
 * ends a hang (a server alone starts in 2–3 s at that load, all of them together in about 15).
 */
async function answering(
  name: string,
  child: ChildProcess,
  url: string,
  withinMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const isUp = await fetch(url).then(
      (answer) => answer.ok,
      () => false,
    );
    if (isUp) return;
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the ${name} server exited (${child.exitCode ?? child.signalCode}) before it answered`,
      );
    if (Date.now() > deadline)
      throw new Error(`the ${name} server did not answer ${url} in time`);
    await sleep(100);
  }
}
