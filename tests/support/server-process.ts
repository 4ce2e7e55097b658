import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fakeDist } from './fixtures.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        resolve(typeof address === 'object' && address ? address.port : 0),
      );
    });
  });
}

/** `src/server/main.ts` as its own process, the way `npm start` runs it, ready when /api/health answers. */
export async function startServerProcess(env: Record<string, string>): Promise<{
  url: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/main.ts'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DIST_DIR: fakeDist(),
        RATE_LIMIT_PER_MINUTE: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok)
        return { url, process: child, exited };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
