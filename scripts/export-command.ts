import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createApplicationDescriptions } from '../src/server/application-descriptions.ts';
import { exportCsv } from '../src/server/csv-export.ts';
import { createApplicationsRepository } from '../src/server/db/applications-repository.ts';
import { envOrExit } from '../src/server/env.ts';
import { exportTable } from '../src/server/export-table.ts';
import { detailOfExport } from '../src/server/send-export.ts';
import { createCallStore } from '../src/server/calls/call-store.ts';
import { createLiveCalls } from '../src/server/form/live-form.ts';
import { createAuditLog } from '../src/server/staff/audit-log.ts';
import { openDatabaseOrExit } from '../src/server/start-up-problems.ts';
import { exportXlsx } from '../src/server/xlsx-export.ts';
import { exportFormatSchema } from '../src/review-api/inbox.ts';
import {
  loadWizardConfig,
  WizardConfigError,
} from '../src/server/wizard-config.ts';

// `npm run export -- --out applications.csv [--format xlsx]`: the review API's export, from the
// command line, against the same database the server uses (DATABASE_URL or SQLITE_PATH).
const usage =
  'Usage: npm run export -- --out applications.csv [--format csv|xlsx]\n';
const { values } = parseArgs({
  options: { out: { type: 'string' }, format: { type: 'string' } },
});
const format = exportFormatSchema.safeParse(values.format ?? 'csv');
if (!values.out || !format.success) {
  process.stderr.write(usage);
  process.exit(2);
}
const env = envOrExit(process.env);
// Applications stored before configuration versions were kept are read with the published form,
// which the file becomes only in a database that has none yet.
let seed;
try {
  seed = loadWizardConfig(env.WIZARD_CONFIG);
} catch (error) {
  if (!(error instanceof WizardConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const database = await openDatabaseOrExit({
  databaseUrl: env.DATABASE_URL,
  sqlitePath: env.SQLITE_PATH,
});
const repository = createApplicationsRepository(database);
const calls = await createLiveCalls(database, createCallStore(database), seed);
const descriptions = createApplicationDescriptions(
  repository,
  () => calls.byDefault().form,
);
try {
  // Recorded like an export through either API, before a byte leaves the database.
  await createAuditLog(database).record({
    actor: 'command line',
    action: 'exported',
    subject: null,
    address: null,
    detail: detailOfExport('every application', format.data),
  });
  const table = await exportTable({
    database,
    repository,
    descriptions,
    callTitle: (slug) => calls.get(slug)?.call.title ?? slug,
  });
  await pipeline(
    format.data === 'xlsx' ? exportXlsx(table) : exportCsv(table),
    createWriteStream(values.out),
  );
  process.stdout.write(
    `Exported ${await repository.count()} applications to ${values.out}\n`,
  );
} finally {
  await database.close();
}
