// @ts-check
// Every entry point (the server; the staff, export and backup commands; the build check before
// `npm start`) runs this before it loads anything else. It is plain JavaScript that any Node can
// parse, and it loads nothing an older Node cannot: on an unsupported Node a dependency would
// otherwise crash with a stack trace, or a native module with a bare segmentation fault.
import process from 'node:process';
import satisfies from 'semver/functions/satisfies.js';
import packageJson from '../../package.json' with { type: 'json' };

/** The one line an operator needs when this Node cannot run the project, or undefined when it can. */
export function unsupportedNodeLine(version = process.versions.node) {
  const needed = packageJson.engines.node;
  if (satisfies(version, needed)) return undefined;
  return `Node ${version} cannot run this project: it needs Node ${needed}. Put Node 24 first on PATH with: export PATH="$(bash scripts/node-24.sh):$PATH"`;
}

/** Stops the process with that line when this Node is unsupported. */
export function refuseUnsupportedNode() {
  const line = unsupportedNodeLine();
  if (line === undefined) return;
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/**
 * The checks every entry point makes first, then `.env` in the working directory read into the
 * environment. A variable already set in the environment wins over the file, so a service manager
 * or a shell can override one setting without editing it.
 */
export function prepareProcess() {
  refuseUnsupportedNode();
  try {
    process.loadEnvFile('.env');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return;
    process.stderr.write(
      `.env: cannot be read: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}
