import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// `npm start` exactly as package.json says it, in a folder where the build check passes at once and
// the server is a stand-in that takes a second to finish its requests after SIGTERM, as a real one
// with requests in flight does.
const startScript = (
  JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start;

const standInServer = `
import { writeFileSync } from 'node:fs';
process.on('SIGTERM', () => {
  process.stdout.write('stopping\\n');
  setTimeout(() => {
    writeFileSync('exited', '');
    process.exit(0);
  }, 1000);
});
setInterval(() => {}, 60_000);
process.stdout.write('listening\\n');
`;

test('npm start returns only after the server has exited when its process group gets SIGTERM', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'wizard-npm-start-'));
  mkdirSync(join(folder, 'scripts'));
  mkdirSync(join(folder, 'dist/server'), { recursive: true });
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({
      name: 'stand-in',
      type: 'module',
      scripts: { start: startScript },
    }),
  );
  writeFileSync(join(folder, 'scripts/ensure-build.js'), '');
  writeFileSync(join(folder, 'dist/server/main.js'), standInServer);

  const npm = spawn('npm', ['start', '--silent'], {
    cwd: folder,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(npm, 'exit');
  let output = '';
  const waiting = new Map<string, () => void>();
  npm.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const [text, resolve] of waiting) if (output.includes(text)) resolve();
  });
  const printed = (text: string) =>
    new Promise<void>((resolve) => {
      if (output.includes(text)) resolve();
      else waiting.set(text, resolve);
    });
  await printed('listening');
  process.kill(-(npm.pid ?? 0), 'SIGTERM');
  await printed('stopping');
  const [code] = (await exited) as [number | null];
  expect(existsSync(join(folder, 'exited'))).toBe(true);
  expect(code).toBe(0);
});
