// `npm start` and the commands run the compiled server with plain `node`. This builds it first when
// dist/ was not made from the sources in this tree, so a fresh clone needs only two commands; a tree
// without the build tools (after `npm prune --omit=dev`) is never built, it says what to run instead.
// Plain JavaScript: it runs before anything is compiled.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { refuseUnsupportedNode } from '../src/server/process-prelude.js';
import { buildStampPath, hashBuildSources } from './build-sources.js';

refuseUnsupportedNode();

const isCurrent =
  existsSync('dist/server/main.js') &&
  existsSync(buildStampPath) &&
  readFileSync(buildStampPath, 'utf8').trim() === hashBuildSources();

if (!isCurrent) {
  const vite = 'node_modules/vite/bin/vite.js';
  if (!existsSync(vite)) {
    process.stderr.write(
      'dist/ was not built from the sources in this tree, and this tree has no build tools (npm prune --omit=dev removed them): run `npm ci && npm run build && npm prune --omit=dev`, then start again\n',
    );
    process.exit(1);
  }
  process.stdout.write('Building the wizard and the server…\n');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}
