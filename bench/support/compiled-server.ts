import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tests/support/server-process.ts';

/**
 * The compiled server (`npm run build` first) on a free port with a fresh SQLite file, as `npm start`
 * runs it; `wrapper` runs it under another command (`strace -f …`).
 */
export async function startCompiledServer(
  env: Record<string, string> = {},
  wrapper: string[] = [],
) {
  const port = await freePort();
  const [command = process.execPath, ...args] = [
    ...wrapper,
    process.execPath,
    'dist/server/main.js',
  ];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: join(mkdtempSync(join(tmpdir(), 'wizard-bench-')), 'a.db'),
      DATABASE_URL: '',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the compiled server exited');
    const isUp = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const signal = (name: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(name);
    });
  return {
    url,
    pid: child.pid,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}
