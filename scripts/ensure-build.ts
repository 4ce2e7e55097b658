import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// `npm start` builds the wizard only when a source is newer than the last build, so a fresh clone starts with one command.
const sources = [
  'src/web',
  'src/engine',
  'src/reference-data',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const builtPage = 'dist/index.html';

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(path).map((entry) => newestChange(join(path, entry))),
  );
}

const isStale =
  !existsSync(builtPage) ||
  Math.max(...sources.map(newestChange)) > statSync(builtPage).mtimeMs;
if (isStale) {
  process.stdout.write('Building the wizard…\n');
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
}
