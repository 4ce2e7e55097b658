import { buildApp, loggerOptions } from './app.ts';
import { openDatabase } from './db/database.ts';
import { parseEnv, parseTrustProxy } from './env.ts';
import { loadWizardConfig, WizardConfigError } from './wizard-config.ts';

const parsed = parseEnv(process.env);
if (!parsed.ok) {
  process.stderr.write(
    `Invalid environment:\n${parsed.problems.map((problem) => `  - ${problem}`).join('\n')}\n`,
  );
  process.exit(1);
}
const { env } = parsed;

let loaded;
try {
  loaded = loadWizardConfig(env.WIZARD_CONFIG);
} catch (error) {
  if (!(error instanceof WizardConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  sqlitePath: env.SQLITE_PATH,
});
const app = await buildApp({
  wizardConfig: loaded.config,
  configDirectory: loaded.directory,
  distDirectory: env.DIST_DIR,
  database,
  adminToken: env.ADMIN_TOKEN,
  rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  logger: loggerOptions,
});
await app.listen({ port: env.PORT, host: env.HOST });

// Stop accepting, let requests in flight finish, then close the database (app's onClose hook).
const close = (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', () => close('SIGTERM'));
process.once('SIGINT', () => close('SIGINT'));
