import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loggerOptions } from './plugins/request-log.ts';
import { MissingBuildError } from './built-wizard.ts';
import { envOrExit, parseEmbedOrigins, parseTrustProxy } from './env.ts';
import { listenProblem, openDatabaseOrExit } from './start-up-problems.ts';
import { defaultRetryPolicy } from './notifications/outbox.ts';
import { reachOptionsOf } from './reach/reach.ts';
import { loadWizardConfig, WizardConfigError } from './wizard-config.ts';

/** How long requests in flight may take to finish once the server is told to stop. */
const shutdownDeadlineMs = 10_000;

/** Ends a start-up that cannot go on: one line for the operator, no stack trace, no secret. */
function refuseToStart(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

const env = envOrExit(process.env);

let loaded;
try {
  loaded = loadWizardConfig(env.WIZARD_CONFIG);
} catch (error) {
  if (!(error instanceof WizardConfigError)) throw error;
  refuseToStart(error.message);
}

const migrated: string[] = [];
const database = await openDatabaseOrExit({
  databaseUrl: env.DATABASE_URL,
  sqlitePath: env.SQLITE_PATH,
  onMigrated: (name) => migrated.push(name),
});
const app = await buildApp({
  wizardConfig: loaded.config,
  configDirectory: loaded.directory,
  distDirectory: env.DIST_DIR,
  database,
  adminToken: env.ADMIN_TOKEN,
  metricsToken: env.METRICS_TOKEN,
  rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  publicUrl: env.PUBLIC_URL,
  embedOrigins: parseEmbedOrigins(env.EMBED_ORIGINS),
  logger: { ...loggerOptions, level: env.LOG_LEVEL },
  runsRetention: true,
  messaging: {
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    webhookUrl: env.WEBHOOK_URL,
    webhookSecret: env.WEBHOOK_SECRET,
    retry: { ...defaultRetryPolicy, firstDelayMs: env.MESSAGE_RETRY_MS },
  },
  reach: reachOptionsOf(env),
}).catch(async (error: unknown) => {
  if (!(error instanceof MissingBuildError)) throw error;
  await database.close();
  refuseToStart(error.message);
});
// Said through the server's own log, which exists only now; the migrations have committed already.
for (const name of migrated)
  app.log.info({ migration: name }, `migration applied: ${name}`);
await app
  .listen({ port: env.PORT, host: env.HOST })
  .catch(async (error: unknown) => {
    await app.close();
    refuseToStart(listenProblem(error, { port: env.PORT, host: env.HOST }));
  });

// On SIGTERM, SIGINT or a crash: stop accepting, let requests in flight finish, close the database
// (the app's onClose hook), and exit within the deadline even if a client holds its connection.
// A second SIGINT (Ctrl-C twice) stops at once; a second SIGTERM does not, because a service
// manager signals the whole process group and npm passes the signal on as well, so one stop
// arrives twice.
const grace = closeWithGrace(
  {
    delay: shutdownDeadlineMs,
    logger: false,
    skip: ['SIGTERM'],
    onTimeout: (delay) => app.log.error({ delay }, 'shutdown deadline passed'),
  },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an uncaught error');
    else app.log.info({ signal: signal ?? 'SIGTERM' }, 'shutting down');
    await app.close();
  },
);
let isStopping = false;
process.on('SIGTERM', () => {
  if (isStopping) return;
  isStopping = true;
  void grace.close();
});
