import { resolve } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { WizardConfig } from '#engine/config-schema.ts';
import { reviewPageConfigOf } from '#engine/review-page.ts';
import { createApplicationDescriptions } from './application-descriptions.ts';
import { createReadableAnswersFill } from './readable-answers-fill.ts';
import { createApplicationsRepository } from './db/applications-repository.ts';
import { createInsightsRepository } from './db/insights-repository.ts';
import type { Database } from './db/database.ts';
import { loadBuiltWizard } from './built-wizard.ts';
import { draftRoutes } from './drafts/draft-routes.ts';
import { createDraftStore, withDraftErasure } from './drafts/draft-store.ts';
import {
  callListRoutes,
  createPublicPageSender,
} from './public/call-list-routes.ts';
import { mePageRoute } from './public/me-page-route.ts';
import { embedScriptRoute } from './public/embed-script-route.ts';
import { createServedPages } from './public/served-pages.ts';
import { registerStaticFiles } from './public/static-files.ts';
import { wizardPageRoutes } from './public/wizard-page-routes.ts';
import { openCallCards } from './calls/open-call-cards.ts';
import { registerAddressLength } from './plugins/address-length.ts';
import { registerClosingConnections } from './plugins/closing-connections.ts';
import { registerErrorShape } from './plugins/error-shape.ts';
import { registerPageFallback } from './plugins/page-fallback.ts';
import { createMetrics, registerMetrics } from './metrics/metrics.ts';
import { createReach, type ReachOptions } from './reach/reach.ts';
import { reachRoutes } from './reach/reach-routes.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStorableText } from './plugins/storable-text.ts';
import { applicationRoutes } from './routes/applications.ts';
import { eventRoutes } from './routes/events.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { createReviewRepository } from './review/review-repository.ts';
import {
  createMessaging,
  type MessagingOptions,
} from './notifications/messaging.ts';
import { emailLogoRoutes } from './notifications/email-logo.ts';
import { unsubscribeRoutes } from './notifications/unsubscribe-routes.ts';
import { applicantRoutes } from './applicant/applicant-routes.ts';
import { auditRoutes } from './review/audit-routes.ts';
import { insightRoutes } from './review/insight-routes.ts';
import { stepsOfVersions } from './review/insight-steps.ts';
import { createRetentionJob } from './retention/retention-job.ts';
import { scheduleInsightPurge } from './retention/insight-purge-schedule.ts';
import { createAcceptedVersionsOfCalls } from './form/accepted-versions.ts';
import { createCallStore } from './calls/call-store.ts';
import { callRoutes } from './calls/call-routes.ts';
import { createLiveCalls } from './form/live-form.ts';
import { serverOptionsOf } from './server-options.ts';
import { checkFormConfig } from './wizard-config.ts';
import { localizedFor } from './public/page-language.ts';
import { formRoutes } from './review/form-routes.ts';
import { createFormImages } from './form/form-images.ts';
import { createImageQueue, type ImageQueue } from './form/image-queue.ts';
import { reviewRoutes } from './review/review-routes.ts';
import { messageRoutes } from './review/message-routes.ts';
import { syncPageRoutes } from './routes/sync-page.ts';
import { botCheckRoutes, createBotCheck } from './routes/bot-check.ts';
import { createAuditLog } from './staff/audit-log.ts';
import type { SignInClock } from './staff/sign-in-throttle.ts';
import { createStaffAccounts } from './staff/staff-accounts.ts';
import { registerStaffAccess } from './staff/staff-access.ts';
import { workspacePageRoutes } from './staff/workspace-page.ts';

export type AppOptions = {
  wizardConfig: WizardConfig;
  /** The folder of the configuration file; its `images/` are served at `/images/`. */
  configDirectory: string;
  distDirectory: string;
  database: Database;
  adminToken?: string | undefined;
  /** The bearer token of `GET /metrics`; unset, the route does not exist. */
  metricsToken?: string | undefined;
  /** Submissions per client address per minute; 0 turns the limit off. */
  rateLimitPerMinute?: number;
  trustProxy?: false | number | string[];
  /** The origin staff reach the server at; state-changing workspace requests must come from it. */
  publicUrl?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** E-mails and webhooks; without them nothing is sent. */
  messaging?: MessagingOptions;
  /** The platforms' credentials for verified reach; without them nothing is looked up. */
  reach?: ReachOptions;
  /** Whether to erase, each day, what the form's retention policy says is due (tests that do not test it leave it off). */
  runsRetention?: boolean;
  /** How often to look for a newly published form (default 500 ms). */
  formPollMs?: number;
  /** The line the editor's uploads are made in, one at a time; a test may pass one it holds. */
  imageQueue?: ImageQueue;
  /** The server's clock, which opens and closes calls; a test may set it. */
  now?: () => Date;
  /** The sites that may show the wizard's pages in a frame (`EMBED_ORIGINS`); none by default. */
  embedOrigins?: readonly string[];
  /** The sign-in throttle's clock, which holds tries at an account under attack; a test may move it. */
  signInClock?: SignInClock;
};

/** Builds the HTTP app without listening, so tests can build any variant. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const distDirectory = resolve(options.distDirectory);
  const built = await loadBuiltWizard(distDirectory);
  const seed = checkFormConfig(options.wizardConfig);
  if (!seed.ok)
    throw new Error(
      `the wizard configuration is invalid: ${seed.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
    );
  const now = options.now ?? (() => new Date());
  const embedOrigins = options.embedOrigins ?? [];
  const rateLimitPerMinute = options.rateLimitPerMinute ?? 30;
  const callStore = createCallStore(options.database, now);
  const calls = await createLiveCalls(options.database, callStore, seed.form, {
    ...(options.formPollMs !== undefined && { pollMs: options.formPollMs }),
    onError: (error) =>
      app.log.error({ err: error }, 'cannot read the published forms'),
  });
  const callTitle = (slug: string) => calls.get(slug)?.call.title ?? slug;
  /** A call by its address; without one, the default call, the one `/` serves. */
  const callOrDefault = (slug: string | undefined) =>
    slug === undefined ? calls.byDefault() : calls.get(slug);
  /** The default call's form, whose look and texts the workspace and the public pages take. */
  const site = () => calls.byDefault().form.config;
  // The pages are compressed while the app below is made and its routes set up.
  const pages = createServedPages({ calls, built, embedOrigins });
  const app = Fastify(
    serverOptionsOf({
      logger: options.logger,
      trustProxy: options.trustProxy,
      defaultCallSlug: () => calls.byDefault().call.slug,
    }),
  );
  const publicOrigin = options.publicUrl && new URL(options.publicUrl).origin;
  // Each application's messages take its call's form and title; one of a call this process does
  // not serve yet (made a moment ago in another) takes the default call's form.
  const messaging = createMessaging(
    options.database,
    (slug) => {
      const call =
        (slug === undefined ? undefined : calls.get(slug)) ?? calls.byDefault();
      return {
        config: call.form.config,
        notifications: call.form.notifications,
        callTitle: slug === undefined ? call.call.title : callTitle(slug),
      };
    },
    publicOrigin,
    options.messaging ?? {},
  );
  const metrics = createMetrics(options.database);
  const reach = createReach(options.database, options.reach, now);
  const repository = createApplicationsRepository(
    options.database,
    undefined,
    metrics.countingStores(
      reach.storeHooks(withDraftErasure(messaging.storeHooks)),
    ),
  );
  const descriptions = createApplicationDescriptions(
    repository,
    () => calls.byDefault().form,
  );
  const formImages = createFormImages(options.database);

  // Only JSON bodies: Fastify would otherwise accept text/plain, which no form sends.
  app.removeContentTypeParser('text/plain');
  registerErrorShape(app);
  registerAddressLength(app);
  registerMetrics(app, { metrics, token: options.metricsToken });
  registerStorableText(app);
  registerSecurityHeaders(app, pages.headersFor);
  await app.register(rateLimit, { global: false });
  app.addHook('onClose', () => options.database.close());
  // Delivery starts once the server is ready and stops before the database closes.
  app.addHook('onReady', async () => messaging.start(app.log));
  app.addHook('preClose', () => messaging.stop());
  app.addHook('onReady', async () => reach.start(app.log));
  app.addHook('preClose', () => reach.stop());
  app.addHook('onReady', async () => calls.start());
  app.addHook('preClose', async () => calls.stop());
  const readableAnswersFill = createReadableAnswersFill(
    options.database,
    descriptions,
  );
  app.addHook('onReady', async () => {
    // In the background: the server answers meanwhile.
    void readableAnswersFill.start(app.log);
  });
  app.addHook('preClose', () => readableAnswersFill.stop());
  registerClosingConnections(app);
  await registerStaticFiles(app, {
    distDirectory,
    configDirectory: options.configDirectory,
    images: formImages,
  });
  await app.register(healthRoutes, { database: options.database });

  const botCheck = createBotCheck(options.database, now);
  await app.register(botCheckRoutes, { botCheck, rateLimitPerMinute });
  await app.register(syncPageRoutes, {
    calls,
    versionsOf: createAcceptedVersionsOfCalls(calls),
    repository,
    now,
    rateLimitPerMinute,
    botCheck,
  });
  const stored = createInsightsRepository(options.database);
  const insights = {
    ...stored,
    record: metrics.countingEvents(stored.record),
  };
  const drafts = createDraftStore(options.database, now);
  await app.register(draftRoutes, {
    calls,
    drafts,
    messaging,
    publicOrigin,
    now,
    rateLimitPerMinute,
  });
  await app.register(eventRoutes, {
    formOf: (slug) => calls.get(slug)?.form,
    insights,
    // A visit sends a handful of reports; a few visits from one office's address still pass.
    rateLimitPerMinute: rateLimitPerMinute > 0 ? 120 : 0,
  });
  scheduleInsightPurge(app, insights);

  const audit = createAuditLog(options.database);
  const accounts = createStaffAccounts(options.database);
  await registerStaffAccess(app, {
    database: options.database,
    accounts,
    audit,
    adminToken: options.adminToken,
    publicOrigin,
    // Read at each use: an authenticator app and a passkey show the name published last.
    organisation: () => reviewPageConfigOf(site()).organisation,
    signInClock: options.signInClock,
  });

  const reviews = createReviewRepository(
    options.database,
    undefined,
    messaging.moveHooks,
  );
  await app.register(messageRoutes, {
    accounts,
    repository,
    reviews,
    messaging,
    audit,
  });
  await app.register(unsubscribeRoutes, {
    database: options.database,
    links: messaging.unsubscribeLinks,
    audit,
  });
  await app.register(emailLogoRoutes, {
    current: site,
    configDirectory: options.configDirectory,
    images: formImages,
  });
  await app.register(reviewRoutes, {
    database: options.database,
    repository,
    reviews,
    descriptions,
    audit,
    messaging,
    callTitle,
    reachLookUps: reach.lookedUp,
  });
  await app.register(reachRoutes, { reach });
  await app.register(applicantRoutes, {
    database: options.database,
    repository,
    messaging,
    audit,
    calls,
    publicOrigin,
    callTitle,
    now,
    rateLimitPerMinute,
  });
  await app.register(auditRoutes, { audit });
  await app.register(insightRoutes, {
    formOf: (slug) => callOrDefault(slug)?.form,
    stepsOf: (slug) => stepsOfVersions(callOrDefault(slug)?.store),
    insights,
  });

  if (options.runsRetention) {
    const retention = createRetentionJob({
      database: options.database,
      repository,
      audit,
      policy: () => calls.byDefault().form.retention,
    });
    app.addHook('onReady', async () => retention.start(app.log));
    app.addHook('preClose', () => retention.stop());
  }
  const imageQueue = options.imageQueue ?? createImageQueue();
  // Uploads still waiting are answered at once, and the image being made stops after its current
  // step: the shutdown never waits for more than one step of one image.
  app.addHook('preClose', async () => imageQueue.close());
  await app.register(callRoutes, {
    calls,
    store: callStore,
    repository,
    audit,
    now,
  });
  await app.register(formRoutes, {
    calls,
    audit,
    repository,
    images: formImages,
    queue: imageQueue,
  });

  // Without ADMIN_TOKEN the review routes do not exist (404), so an unset token never means an open door.
  if (options.adminToken)
    await app.register(applicationRoutes, {
      database: options.database,
      repository,
      descriptions,
      audit,
      callTitle,
    });

  await app.register(wizardPageRoutes, {
    calls,
    pages,
    stylesheet: built.stylesheet,
    now,
    embedOrigins,
  });
  // The public pages of calls (the list of open calls, the applicant's page) share one sender,
  // which keeps each page compressed with the policy that allows its style.
  const sendPublicPage = createPublicPageSender();
  await app.register(callListRoutes, {
    openCalls: async (tag) =>
      openCallCards(
        calls.all().map(({ call, form }) => ({
          call,
          form: { ...form, config: localizedFor(form.config, tag) },
        })),
        now(),
      ),
    site,
    stylesheet: built.stylesheet,
    send: sendPublicPage,
  });
  await app.register(embedScriptRoute, { distDirectory, embedOrigins });
  await app.register(mePageRoute, {
    site,
    stylesheet: built.stylesheet,
    entry: built.meEntry,
    send: sendPublicPage,
  });
  await app.register(workspacePageRoutes, { page: pages.reviewPage });
  registerPageFallback(app);

  return app;
}
