import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { WizardConfig } from '../../src/engine/config-schema.ts';
import { exampleTranslations } from './example-translations.ts';
import {
  exampleWith,
  named,
  toWizardJson,
  withBlocks,
  withExtraAnswers,
  withFormItems,
  withObservability,
  withOverrides,
  withPlatforms,
  withSingleCover,
  withStep,
} from './wizard-configs.ts';

type RunContext = { recorder: URL };

/** The configurations the end-to-end run serves, one server each; a new configuration is one more entry. */
const configurations = {
  example: () =>
    exampleWith(withOverrides({ notifications: { confirmApplicant: true } })),
  skipFinalStep: () =>
    exampleWith(
      named('skip-final-step', 'Skip final step · Test configuration'),
      withOverrides({
        lang: 'en-GB',
        skipFinalStep: true,
        centerLogo: true,
        submitErrorText:
          'We could not send your application. Please try again.',
      }),
      withSingleCover(1),
      withPlatforms({
        offered: ['instagram', 'tiktok', 'youtube', 'website'],
        required: ['instagram'],
      }),
      withStep('Creator Hub', { heading: 'One last thing' }),
      withBlocks('Creator Hub', [
        {
          component: 'checkbox',
          data: {
            path: 'agreement',
            label:
              'I agree that my answers may be stored to review my application',
          },
        },
      ]),
      withFormItems({ path: 'agreement', validators: ['required'] }),
    ),
  requiredPlatforms: () =>
    exampleWith(
      named('required-platforms', 'Required platforms · Test configuration'),
      withOverrides({ showLogo: false, requestUrl: '' }),
      withPlatforms({
        offered: ['instagram', 'tiktok', 'youtube'],
        required: ['instagram', 'youtube'],
      }),
    ),
  observability: ({ recorder }: RunContext) =>
    exampleWith(
      named('observability', 'Observability · Test configuration'),
      withObservability(recorder),
    ),
  extraAnswers: () =>
    exampleWith(
      named('extra-answers', 'Extra answers · Test configuration'),
      withExtraAnswers,
    ),
  // Two-step sign-in required of everyone, behind a "proxy" (the tests) that names client addresses.
  twoStep: () =>
    exampleWith(named('two-step', 'Two-step sign-in · Test configuration')),
  // Its own database, so the Insights test counts only the visits it made.
  insights: () =>
    exampleWith(named('insights', 'Insights · Test configuration')),
  // The applicant's page: its own mail server, so its spec reads its sign-in links beside the
  // notification spec, which holds the example server's.
  applicant: () =>
    exampleWith(
      named('applicant-page', 'Applicant page · Test configuration'),
      withOverrides({ notifications: { confirmApplicant: true } }),
    ),
  // The example form in English, German and Arabic, its own texts translated.
  languages: () =>
    exampleWith(
      named('languages', 'Creator Application · Visit Aldmere Coast'),
      withOverrides({
        languages: ['en', 'de', 'ar'],
        translations: exampleTranslations,
        notifications: { confirmApplicant: true },
      }),
    ),
  // Shown in a frame on a host page of another origin (EMBED_ORIGINS), under the example's call slug
  // as the README's snippet names it; its own database, so its spec reads only its applications.
  embed: () =>
    exampleWith(withOverrides({ title: 'Embed · Test configuration' })),
  // Verified reach: Instagram and YouTube asked through stand-ins its spec starts.
  reach: () =>
    exampleWith(named('reach', 'Verified reach · Test configuration')),
} satisfies Record<string, (context: RunContext) => WizardConfig>;

export type ServerName = keyof typeof configurations;

const serverNames = Object.keys(configurations) as ServerName[];

/** What every process of one run must agree on: chosen once by the runner, read by its workers. */
type Run = {
  directory: string;
  ports: Record<ServerName, number>;
  recorderPort: number;
  /** Where the example server sends e-mail and webhooks: servers the notification tests start. */
  smtpPort: number;
  webhookPort: number;
  /** Where the applicant page's server sends e-mail: a server its spec starts. */
  applicantSmtpPort: number;
  /** Where the languages server sends e-mail: a server its spec starts. */
  languagesSmtpPort: number;
  /** The host page that shows the embed server's form: a server its spec starts. */
  embedHostPort: number;
  /** The Graph API and YouTube Data API the reach server asks: stand-ins its spec starts. */
  graphPort: number;
  youtubePort: number;
};

const runVariable = 'WIZARD_E2E_RUN';

/** Ports free right now, all different: each stays held until every one is found. */
async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((done, fail) => {
          const probe = createServer();
          probe.once('error', fail);
          probe.listen(0, '127.0.0.1', () => done(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => {
    const address = probe.address();
    if (typeof address !== 'object' || !address)
      throw new Error('a probe has no port');
    return address.port;
  });
  await Promise.all(
    probes.map((probe) => new Promise((done) => probe.close(done))),
  );
  return ports;
}

async function prepareRun(): Promise<Run> {
  const [
    recorderPort = 0,
    smtpPort = 0,
    webhookPort = 0,
    applicantSmtpPort = 0,
    languagesSmtpPort = 0,
    embedHostPort = 0,
    graphPort = 0,
    youtubePort = 0,
    ...serverPorts
  ] = await freePorts(serverNames.length + 8);
  const directory = mkdtempSync(join(tmpdir(), 'wizard-e2e-'));
  process.once('exit', () =>
    rmSync(directory, { recursive: true, force: true }),
  );
  // A configuration's images are served from the `images/` folder beside it.
  symlinkSync(resolve('config/images'), join(directory, 'images'));
  const context: RunContext = {
    recorder: new URL(`http://127.0.0.1:${recorderPort}`),
  };
  for (const name of serverNames)
    writeFileSync(
      join(directory, `${name}.wizard.json`),
      toWizardJson(configurations[name](context)),
    );
  return {
    directory,
    ports: Object.fromEntries(
      serverNames.map((name, index) => [name, serverPorts[index]]),
    ) as Record<ServerName, number>,
    recorderPort,
    smtpPort,
    webhookPort,
    applicantSmtpPort,
    languagesSmtpPort,
    embedHostPort,
    graphPort,
    youtubePort,
  };
}

async function currentRun(): Promise<Run> {
  const shared = process.env[runVariable];
  if (shared) return JSON.parse(shared) as Run;
  // A worker choosing its own ports would talk to servers that do not exist.
  if (process.env.TEST_WORKER_INDEX !== undefined)
    throw new Error(`${runVariable} is not set: the runner did not share it`);
  const run = await prepareRun();
  process.env[runVariable] = JSON.stringify(run);
  return run;
}

const run = await currentRun();

/** The servers to start: each on its port, with its configuration file and its own throwaway SQLite file. */
export const servers = serverNames.map((name) => ({
  name,
  port: run.ports[name],
  config: join(run.directory, `${name}.wizard.json`),
  sqlitePath: join(run.directory, `${name}.db`),
}));

export function serverUrl(name: ServerName, path = '/'): string {
  return `http://127.0.0.1:${run.ports[name]}${path}`;
}

/** Where the observability configuration sends analytics and error reports: a recorder the tests start. */
export const recorderPort = run.recorderPort;

export const e2eAdminToken = 'e2e-admin-token-0123456789abcdef';

export const e2eWebhookSecret = `whsec_${Buffer.from('e2e webhook secret, 32 bytes long').toString('base64')}`;

/** The mail server and webhook receiver the example server delivers to; the applicant and languages servers' mail servers. */
export const messagePorts = {
  smtp: run.smtpPort,
  webhook: run.webhookPort,
  applicantSmtp: run.applicantSmtpPort,
  languagesSmtp: run.languagesSmtpPort,
};

/** The host page's origin, the one site the embed server lets frame its form. */
export const embedHostOrigin = `http://127.0.0.1:${run.embedHostPort}`;

/** The host page's port, for its spec to serve it on. */
export const embedHostPort = run.embedHostPort;

/** The sites that may frame a server's form: only the embed server has one. */
export function embedEnv(name: ServerName): Record<string, string> {
  return name === 'embed' ? { EMBED_ORIGINS: embedHostOrigin } : {};
}

/** The stand-ins' ports, for the reach spec to start them on. */
export const reachPorts = { graph: run.graphPort, youtube: run.youtubePort };

/** The credentials the reach server holds, which its stand-ins accept. */
export const reachCredentials = {
  instagramToken: 'IGAAe2e-long-lived-token-0123456789',
  youtubeKey: 'AIzaSyE2E-key-0123456789',
};

/** Where the reach server looks accounts up: the stand-ins, with the credentials they accept. */
export function reachEnv(name: ServerName): Record<string, string> {
  if (name !== 'reach') return {};
  return {
    INSTAGRAM_ACCOUNT_ID: '17841405309211844',
    INSTAGRAM_ACCESS_TOKEN: reachCredentials.instagramToken,
    GRAPH_API_URL: `http://127.0.0.1:${run.graphPort}`,
    YOUTUBE_API_KEY: reachCredentials.youtubeKey,
    YOUTUBE_API_URL: `http://127.0.0.1:${run.youtubePort}`,
  };
}

/** The proxy the two-step server believes: the tests, which say which address each request is from. */
export function proxyEnv(name: ServerName): Record<string, string> {
  return name === 'twoStep' ? { TRUST_PROXY: '127.0.0.1' } : {};
}

/** What a server needs to send messages: only the example and applicant servers get it. */
export function messagingEnv(name: ServerName): Record<string, string> {
  if (name === 'applicant')
    return {
      SMTP_URL: `smtp://127.0.0.1:${run.applicantSmtpPort}`,
      MAIL_FROM: 'Visit Aldmere Coast <creators@example.org>',
      PUBLIC_URL: `http://127.0.0.1:${run.ports.applicant}`,
      MESSAGE_RETRY_MS: '500',
    };
  if (name === 'languages')
    return {
      SMTP_URL: `smtp://127.0.0.1:${run.languagesSmtpPort}`,
      MAIL_FROM: 'Visit Aldmere Coast <creators@example.org>',
      PUBLIC_URL: `http://127.0.0.1:${run.ports.languages}`,
      MESSAGE_RETRY_MS: '500',
    };
  if (name !== 'example') return {};
  return {
    SMTP_URL: `smtp://127.0.0.1:${run.smtpPort}`,
    MAIL_FROM: 'Visit Aldmere Coast <creators@example.org>',
    PUBLIC_URL: `http://127.0.0.1:${run.ports.example}`,
    WEBHOOK_URL: `http://127.0.0.1:${run.webhookPort}/hooks`,
    WEBHOOK_SECRET: e2eWebhookSecret,
    MESSAGE_RETRY_MS: '500',
  };
}
