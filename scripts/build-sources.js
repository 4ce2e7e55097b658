// @ts-check
// What a build is made from, as one hash. The build writes it into dist/, and `npm start` builds
// again only when the tree's hash differs: content decides, not file times, which `npm prune`,
// `npm install` and git checkouts change without changing what the build would be.
// Plain JavaScript: it runs before anything is compiled.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where the hash of the sources a build was made from is kept. */
export const buildStampPath = 'dist/build-sources.sha256';

const sourceFiles = [
  'index.html',
  'review.html',
  'vite.config.ts',
  'package.json',
];
// Everything under src/, and the commands the build compiles beside the server; tests are not built.
const sourceFolders = ['src', 'scripts'];
const isBuilt = (/** @type {string} */ path) =>
  /\.(ts|tsx|js|json|css|svg|html)$/.test(path) &&
  !/\.(test|spec)\./.test(path);

/** @param {string} folder @returns {string[]} */
function filesUnder(folder) {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      return entry.isDirectory() ? filesUnder(path) : [path];
    })
    .filter(isBuilt);
}

/**
 * The dependencies as installed: each package's path and version from the lockfile, which npm
 * rewrites with other details (install scripts, flags) that do not change the build.
 */
function installedVersions() {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  /** @type {Record<string, { version?: string }>} */
  const packages = lock.packages;
  return Object.entries(packages)
    .map(([path, entry]) => `${path}@${entry.version ?? ''}`)
    .join('\n');
}

/** The hash of every file the build reads and of the dependency versions it bundles. */
export function hashBuildSources() {
  const hash = createHash('sha256');
  const files = [
    ...sourceFiles.filter((file) => existsSync(file)),
    ...sourceFolders.flatMap(filesUnder),
  ].sort();
  for (const file of files) {
    if (!statSync(file).isFile()) continue;
    hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.update(installedVersions()).digest('hex');
}
