import { parseArgs } from 'node:util';
import { backupSqlite, BackupError } from '../src/server/db/sqlite-backup.ts';
import { envOrExit } from '../src/server/env.ts';

// `npm run backup -- <file>`: a consistent copy of the SQLite database the server uses, taken while
// it runs. PostgreSQL has its own tool for that.
const usage = 'Usage: npm run backup -- <file>\n';
const { positionals } = parseArgs({ allowPositionals: true });
const [target] = positionals;
if (!target || positionals.length > 1) {
  process.stderr.write(usage);
  process.exit(2);
}
const env = envOrExit(process.env);
if (env.DATABASE_URL) {
  process.stderr.write(
    'DATABASE_URL is set: back PostgreSQL up with its own tool, e.g. pg_dump --format=custom --file=applications.dump "$DATABASE_URL"\n',
  );
  process.exit(1);
}
try {
  const { applications, bytes } = await backupSqlite(env.SQLITE_PATH, target);
  process.stdout.write(
    `Backed up ${env.SQLITE_PATH} to ${target}: ${applications} applications, ${(bytes / 1_048_576).toFixed(1)} MB, integrity ok\n`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
