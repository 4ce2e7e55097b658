import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';
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

const app = await buildApp({
  wizardConfig: loaded.config,
  configDirectory: loaded.directory,
  distDirectory: env.DIST_DIR,
  logger: true,
});
await app.listen({ port: env.PORT, host: env.HOST });

const close = (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', () => close('SIGTERM'));
process.once('SIGINT', () => close('SIGINT'));
