// `npm start` and `npm run export` run the compiled server with plain `node`. This builds it first
// when the build is missing or older than a source, so a fresh clone needs only two commands.
// Plain JavaScript: it runs before anything is compiled, on any supported Node.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const sources = [
  'src',
  'scripts/export.ts',
  'scripts/staff.ts',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
// The browser's page is written first and the server last; a build is as old as its oldest part.
const builtFiles = ['dist/index.html', 'dist/server/main.js'];

/** @param {string} path */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(path).map((entry) => newestChange(join(path, entry))),
  );
}

const isStale =
  !builtFiles.every((file) => existsSync(file)) ||
  Math.max(...sources.map(newestChange)) >
    Math.min(...builtFiles.map((file) => statSync(file).mtimeMs));
if (isStale) {
  process.stdout.write('Building the wizard and the server…\n');
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
}
