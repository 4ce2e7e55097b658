import { parseArgs } from 'node:util';
import { envOrExit } from '../src/server/env.ts';
import { publishForm } from '../src/server/form/publish-form.ts';
import { createFormStore } from '../src/server/form/form-store.ts';
import { createCallStore } from '../src/server/calls/call-store.ts';
import { openDatabaseOrExit } from '../src/server/start-up-problems.ts';
import { createAuditLog } from '../src/server/staff/audit-log.ts';
import {
  loadWizardConfig,
  WizardConfigError,
} from '../src/server/wizard-config.ts';

// `npm run form -- publish <file>|export`: a call's published form (the default call's unless
// --call names another), on the database the server uses (DATABASE_URL, else SQLITE_PATH), for
// teams that keep their form in version control. Every server process serves a new version within
// seconds, without a restart.
const usage = `Usage:
  npm run form -- publish <file> [--call <slug>]          validates the file and publishes it as a new version
  npm run form -- export [--version <n>] [--call <slug>]  prints the published version (or version n) as JSON
`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { version: { type: 'string' }, call: { type: 'string' } },
});
const [command, file] = positionals;
if (
  !(command === 'publish' && file && positionals.length === 2) &&
  !(command === 'export' && positionals.length === 1)
)
  fail(usage.trimEnd(), 2);
const version =
  values.version === undefined ? undefined : Number(values.version);
if (version !== undefined && !(Number.isInteger(version) && version > 0))
  fail('--version takes a version number: 1, 2, 3, …', 2);

let loaded;
if (command === 'publish')
  try {
    loaded = loadWizardConfig(file ?? '');
  } catch (error) {
    if (!(error instanceof WizardConfigError)) throw error;
    fail(error.message);
  }

const env = envOrExit(process.env);
const database = await openDatabaseOrExit({
  databaseUrl: env.DATABASE_URL,
  sqlitePath: env.SQLITE_PATH,
});
const calls = createCallStore(database);
try {
  // As the server does at its first start: an empty database takes WIZARD_CONFIG as its default
  // call, version 1 of whose form it is.
  if ((await calls.defaultSlug()) === undefined)
    try {
      await calls.ensureDefault(loadWizardConfig(env.WIZARD_CONFIG).config);
    } catch (error) {
      if (!(error instanceof WizardConfigError)) throw error;
      fail(error.message);
    }
  const slug = values.call ?? (await calls.defaultSlug()) ?? '';
  if (!(await calls.get(slug))) fail(`There is no call "${slug}".`);
  const store = createFormStore(database, slug);
  if (loaded) {
    const outcome = await publishForm(
      { store, audit: createAuditLog(database) },
      {
        config: loaded.config,
        by: 'command line',
        address: null,
      },
    );
    if (outcome.kind === 'stale')
      fail('Another version was published at the same moment: run it again.');
    // Publishing the same file again (a deployment that runs this every time) is no error.
    process.stdout.write(
      outcome.kind === 'unchanged'
        ? `Nothing to publish: ${file} is the published version, ${outcome.current}.\n`
        : `Published version ${outcome.number}: ${outcome.summary}.\n`,
    );
  } else {
    const row = await store.version(version);
    if (!row) fail(`There is no version ${version}.`);
    process.stdout.write(`${JSON.stringify(row.config, null, 2)}\n`);
  }
} finally {
  await database.close();
}
