import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { WizardConfig } from '#engine/config-schema.ts';
import { callStatusOf } from '#engine/calls.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';
import { reviewPageConfigOf } from '#engine/review-page.ts';
import type { PublishedForm } from '#engine/sync-page.ts';
import { createApplicationDescriptions } from './application-descriptions.ts';
import { createApplicationsRepository } from './db/applications-repository.ts';
import { createInsightsRepository } from './db/insights-repository.ts';
import type { Database } from './db/database.ts';
import {
  compressPage,
  sendPage,
  type CompressedPage,
} from './compressed-page.ts';
import { loadBuiltWizard } from './built-wizard.ts';
import {
  browserConfigOf,
  inlineStyleOf,
  renderIndexHtml,
  renderReviewHtml,
  pageScriptOf,
} from './html.ts';
import { createHealthCheck } from './health.ts';
import { draftRoutes } from './drafts/draft-routes.ts';
import { createDraftStore, withDraftErasure } from './drafts/draft-store.ts';
import {
  callListRoutes,
  createPublicPageSender,
} from './public/call-list-routes.ts';
import {
  renderUnavailableCallPage,
  unavailableCallOf,
} from './public/call-pages.ts';
import { mePageRoute } from './public/me-page-route.ts';
import { openCallCards } from './calls/open-call-cards.ts';
import { registerErrorShape } from './plugins/error-shape.ts';
import { OneLinePerRequest } from './plugins/request-log.ts';
import {
  buildSecurityHeaders,
  registerSecurityHeaders,
} from './plugins/security-headers.ts';
import { registerStorableText } from './plugins/storable-text.ts';
import { applicationRoutes } from './routes/applications.ts';
import { eventRoutes } from './routes/events.ts';
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
import { stepsOfVersion } from './review/insight-steps.ts';
import { createRetentionJob } from './retention/retention-job.ts';
import {
  createAcceptedVersions,
  type AcceptedVersions,
} from './form/accepted-versions.ts';
import { createCallStore } from './calls/call-store.ts';
import { callRoutes } from './calls/call-routes.ts';
import {
  createLiveCalls,
  liveFormsOf,
  type LiveForm,
} from './form/live-form.ts';
import { checkFormConfig } from './wizard-config.ts';
import {
  askingOf,
  localizedFor,
  pageConfigFor,
  pageLanguageOf,
} from './public/page-language.ts';
import { formRoutes } from './review/form-routes.ts';
import { createFormImages, imagePathPrefix } from './form/form-images.ts';
import { createImageQueue, type ImageQueue } from './form/image-queue.ts';
import { reviewRoutes } from './review/review-routes.ts';
import { messageRoutes } from './review/message-routes.ts';
import { syncPageRoutes } from './routes/sync-page.ts';
import { botCheckRoutes, createBotCheck } from './routes/bot-check.ts';
import { createAuditLog } from './staff/audit-log.ts';
import { sessionRoutes } from './staff/session-routes.ts';
import {
  createSessionCookie,
  expectedOriginOf,
  registerStaffAuth,
} from './staff/staff-auth.ts';
import { createPasskeys } from './staff/passkeys.ts';
import { createStaffAccounts } from './staff/staff-accounts.ts';
import { createStaffInvitations } from './staff/staff-invitations.ts';
import { staffRoutes } from './staff/staff-routes.ts';
import { createStaffSessions } from './staff/staff-sessions.ts';
import { createSignInThrottle } from './staff/sign-in-throttle.ts';
import { createTwoStep, pendingLifetimeMs } from './staff/two-step.ts';
import { twoStepRoutes } from './staff/two-step-routes.ts';
import { workspacePageRoutes } from './staff/workspace-page.ts';

export type AppOptions = {
  wizardConfig: WizardConfig;
  /** The folder of the configuration file; its `images/` are served at `/images/`. */
  configDirectory: string;
  distDirectory: string;
  database: Database;
  adminToken?: string | undefined;
  /** Submissions per client address per minute; 0 turns the limit off. */
  rateLimitPerMinute?: number;
  trustProxy?: false | number | string[];
  /** The origin staff reach the server at; state-changing workspace requests must come from it. */
  publicUrl?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** E-mails and webhooks; without them nothing is sent. */
  messaging?: MessagingOptions;
  /** Whether to erase, each day, what the form's retention policy says is due (tests that do not test it leave it off). */
  runsRetention?: boolean;
  /** How often to look for a newly published form (default 500 ms). */
  formPollMs?: number;
  /** The line the editor's uploads are made in, one at a time; a test may pass one it holds. */
  imageQueue?: ImageQueue;
  /** The server's clock, which opens and closes calls; a test may set it. */
  now?: () => Date;
};

const immutable = 'public, max-age=31536000, immutable';

/** The workspace's address of the form editor's preview frame. */
const formPreviewPath = '/review/form/preview';

/** Pino options that keep personal data out of the logs (OWASP ASVS 16.2.5). */
export const loggerOptions = {
  level: 'info',
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie'],
    censor: '[redacted]',
  },
  serializers: {
    // The path without the query string: a staff search (`?search=ada@…`) is personal data; nor a
    // saved draft's token, which opens its answers.
    req: (request: { method: string; url: string }) => ({
      method: request.method,
      path: request.url
        .split('?')[0]
        ?.replace(/^\/api\/drafts\/.+/, '/api/drafts/…'),
    }),
  },
};

/** A form version's public page in one language, and the headers that allow its inline parts. */
type ServedLanguage = {
  /** The wizard's page and the form as `GET /api/form` answers it, compressed on first request. */
  pages: () => Promise<[CompressedPage, CompressedPage]>;
  setHeaders: ReturnType<typeof buildSecurityHeaders>;
  /** The language shown, for `Content-Language`. */
  lang: string;
};

type ServedForm = {
  /** The workspace's page, in the form's own language. */
  reviewPage: Promise<CompressedPage>;
  /** The page in a language of the form; made on the first request for it and kept. */
  inLanguage: (tag: string) => ServedLanguage;
};

const hashOf = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The wizard's page in one language: only that language's texts reach the browser. */
function serveLanguage(
  { config: own, number }: LiveForm,
  tag: string,
  built: Awaited<ReturnType<typeof loadBuiltWizard>>,
): ServedLanguage {
  const config = localizedFor(own, tag);
  let pages: Promise<[CompressedPage, CompressedPage]> | undefined;
  return {
    lang: config.lang,
    pages: () => {
      pages ??= Promise.all([
        compressPage(
          renderIndexHtml(
            built.template,
            config,
            {
              stylesheet: built.stylesheet,
              firstStep: built.renderFirstStep(config),
              entry: built.entry,
            },
            number,
          ),
        ),
        compressPage(
          JSON.stringify({
            version: number,
            config: browserConfigOf(config),
          } satisfies PublishedForm),
        ),
      ]);
      // A rejection is seen where the page is served; unawaited until then, it must not crash the process.
      pages.catch(() => {});
      return pages;
    },
    setHeaders: buildSecurityHeaders(config, {
      scripts: [hashOf(pageScriptOf(config, built.entry))],
      // The wizard's page inlines its stylesheet, the workspace's only the theme.
      styles: [
        hashOf(inlineStyleOf(config, built.stylesheet)),
        hashOf(inlineStyleOf(config, '')),
      ],
    }),
  };
}

/** The wizard's and the workspace's pages for one form version, compressed, and the headers that allow their inline parts. */
function serveForm(
  form: LiveForm,
  built: Awaited<ReturnType<typeof loadBuiltWizard>>,
): ServedForm {
  const reviewPage = compressPage(
    renderReviewHtml(built.reviewTemplate, form.config),
  );
  // A rejection is seen where the page is served; unawaited until then, it must not crash the process.
  reviewPage.catch(() => {});
  // A form has a few languages: each one's page is kept once made.
  const languages = new Map<string, ServedLanguage>();
  return {
    reviewPage,
    inLanguage: (tag) => {
      let served = languages.get(tag);
      if (!served) {
        served = serveLanguage(form, tag, built);
        languages.set(tag, served);
      }
      return served;
    },
  };
}

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
  const callStore = createCallStore(options.database, now);
  const calls = await createLiveCalls(options.database, callStore, seed.form, {
    ...(options.formPollMs !== undefined && { pollMs: options.formPollMs }),
    onError: (error) =>
      app.log.error({ err: error }, 'cannot read the published forms'),
  });
  const callTitle = (slug: string) => calls.get(slug)?.call.title ?? slug;
  /** The default call's form: the one `/` serves, whose look and texts the workspace takes. */
  const live = { current: () => calls.byDefault().form };
  const served = new WeakMap<LiveForm, ServedForm>();
  /** The pages and headers of a form, made once per published version. */
  const servedFor = (form: LiveForm): ServedForm => {
    let pages = served.get(form);
    if (!pages) {
      pages = serveForm(form, built);
      served.set(form, pages);
    }
    return pages;
  };
  /** A form's page in the language a request is shown in. */
  const servedIn = (form: LiveForm, request: FastifyRequest): ServedLanguage =>
    servedFor(form).inLanguage(pageLanguageOf(form.config, askingOf(request)));
  /** The form's page in its own language, made ahead: most visitors read it. */
  const servedOwn = (form: LiveForm) => {
    void servedFor(form).inLanguage(form.config.lang).pages();
  };
  // Compressed on libuv's threads while the app below is made and its routes set up; awaited only
  // where the pages are served.
  for (const call of calls.all()) servedOwn(call.form);
  calls.onChange((_slug, form) => servedOwn(form));
  const { trustProxy } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 65_536,
    requestTimeout: 30_000,
    // A count of proxies believes that many hops from this server, and no more.
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address, hop) => hop < trustProxy
        : (trustProxy ?? false),
    logController: new OneLinePerRequest(),
    // The form editor's addresses from before calls name the default call's form; its images
    // belong to no call.
    rewriteUrl: (request) => {
      const url = request.url ?? '/';
      return /^\/api\/review\/form(?!\/images)(?=[/?]|$)/.test(url)
        ? url.replace(
            '/api/review/form',
            `/api/review/calls/${encodeURIComponent(calls.byDefault().call.slug)}/form`,
          )
        : url;
    },
    // A body that breaks its schema is refused as it came: never trimmed of unknown keys or coerced.
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        allErrors: true,
      },
    },
  });
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
  const repository = createApplicationsRepository(
    options.database,
    undefined,
    withDraftErasure(messaging.storeHooks),
  );
  const descriptions = createApplicationDescriptions(repository, live.current);

  // Only JSON bodies: Fastify would otherwise accept text/plain, which no form sends.
  app.removeContentTypeParser('text/plain');
  registerErrorShape(app);
  registerStorableText(app);
  registerSecurityHeaders(app, (request) => {
    const slug = /^\/apply\/([^/?#]+)/.exec(request.url)?.[1];
    const call = slug === undefined ? undefined : calls.get(slug);
    return servedIn(call ? call.form : live.current(), request).setHeaders;
  });
  await app.register(rateLimit, { global: false });
  app.addHook('onClose', () => options.database.close());
  // Delivery starts once the server is ready and stops before the database closes.
  app.addHook('onReady', async () => messaging.start(app.log));
  app.addHook('preClose', () => messaging.stop());
  app.addHook('onReady', async () => calls.start());
  app.addHook('preClose', async () => calls.stop());
  // A request still in flight when the server is told to stop gets its answer, then its connection
  // is closed: kept alive, it would hold the shutdown until the client let go.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('Connection', 'close');
  });

  await app.register(fastifyStatic, {
    root: join(distDirectory, 'assets'),
    prefix: '/assets/',
    index: false,
    // The build writes each script and stylesheet also as .br and .gz.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply) => reply.header('Cache-Control', immutable),
  });
  await app.register(fastifyStatic, {
    root: join(resolve(options.configDirectory), 'images'),
    prefix: '/images/',
    index: false,
    decorateReply: false,
    maxAge: '1d',
  });

  const health = createHealthCheck(options.database, {
    onFault: (fault, error) =>
      app.log.error({ err: error }, `health check failed: ${fault}`),
    onRecovery: () => app.log.info('health check passes again'),
  });
  app.get('/api/health', async (_request, reply) => {
    const engine = options.database.engine;
    if (await health.problem())
      return reply.code(503).send({ status: 'unavailable', database: engine });
    return { status: 'ok', database: engine };
  });

  const acceptedVersions = new Map<string, AcceptedVersions>();
  const botCheck = createBotCheck(options.database, now);
  await app.register(botCheckRoutes, {
    botCheck,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 30,
  });
  await app.register(syncPageRoutes, {
    calls,
    versionsOf: (call) => {
      let versions = acceptedVersions.get(call.call.slug);
      if (!versions) {
        versions = createAcceptedVersions({
          live: liveFormsOf(calls, call.call.slug),
          store: call.store,
        });
        acceptedVersions.set(call.call.slug, versions);
      }
      return versions;
    },
    repository,
    now,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 30,
    botCheck,
  });
  const insights = createInsightsRepository(options.database);
  const rateLimitPerMinute = options.rateLimitPerMinute ?? 30;
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
  // Events older than 13 months are deleted at start-up and then twice a day.
  let purgeTimer: ReturnType<typeof setInterval> | undefined;
  const purgeInsights = () =>
    insights
      .purge()
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'purging old insight events failed'),
      );
  app.addHook('onReady', async () => {
    void purgeInsights();
    purgeTimer = setInterval(purgeInsights, 12 * 60 * 60 * 1000).unref();
  });
  app.addHook('preClose', async () => clearInterval(purgeTimer));
  const sessions = createStaffSessions(options.database);
  const sessionCookie = createSessionCookie(publicOrigin);
  await registerStaffAuth(app, {
    sessions,
    sessionCookie,
    adminToken: options.adminToken,
    publicOrigin,
  });
  const audit = createAuditLog(options.database);
  const accounts = createStaffAccounts(options.database);
  const twoStep = createTwoStep(options.database);
  const passkeys = createPasskeys(options.database);
  const throttle = createSignInThrottle(options.database);
  const organisation = () =>
    reviewPageConfigOf(live.current().config).organisation;
  // A passkey is bound to the origin the workspace is reached at, decided as the Origin check decides it.
  const relyingParty = (request: FastifyRequest) => ({
    origin: expectedOriginOf(request, publicOrigin),
    name: organisation(),
  });
  await app.register(sessionRoutes, {
    accounts,
    sessions,
    audit,
    sessionCookie,
    secondStepCookie: createSessionCookie(publicOrigin, {
      name: 'review-two-step',
      maxAgeMs: pendingLifetimeMs,
    }),
    throttle,
    twoStep,
    passkeys,
    relyingParty,
  });
  await app.register(twoStepRoutes, {
    twoStep,
    accounts,
    sessions,
    audit,
    sessionCookie,
    issuer: organisation(),
    passkeys,
    relyingParty,
    throttle,
  });
  await app.register(staffRoutes, {
    accounts,
    invitations: createStaffInvitations(options.database),
    sessions,
    audit,
    publicOrigin,
    sessionCookie,
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
  const formImages = createFormImages(options.database);
  await app.register(emailLogoRoutes, {
    current: () => live.current().config,
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
  });
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
    formOf: (slug) =>
      slug === undefined ? live.current() : calls.get(slug)?.form,
    stepsOf: async (slug) => {
      const store = (slug === undefined ? calls.byDefault() : calls.get(slug))
        ?.store;
      if (!store) return [];
      return Promise.all(
        (await store.versions()).map(async ({ number }) =>
          stepsOfVersion((await store.version(number))?.config),
        ),
      );
    },
    insights,
  });

  if (options.runsRetention) {
    const retention = createRetentionJob({
      database: options.database,
      repository,
      audit,
      policy: () => live.current().retention,
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
  // The editor's uploads, from the database: every process serves them; the name holds their hash.
  app.get<{ Params: { name: string } }>(
    `${imagePathPrefix}:name`,
    async (request, reply) => {
      const image = await formImages.read(request.params.name);
      if (!image)
        return reply
          .code(404)
          .send({ error: 'not_found', message: 'There is no such image.' });
      return reply
        .header('Cache-Control', immutable)
        .type(image.contentType)
        .send(image.bytes);
    },
  );

  // Without ADMIN_TOKEN the review routes do not exist (404), so an unset token never means an open door.
  if (options.adminToken)
    await app.register(applicationRoutes, {
      database: options.database,
      repository,
      descriptions,
      audit,
      callTitle,
    });

  await servedFor(live.current())
    .inLanguage(live.current().config.lang)
    .pages();
  /** Sends the wizard's page, or the form as JSON, in the request's language. */
  const sendForm = async (
    form: LiveForm,
    request: FastifyRequest,
    reply: FastifyReply,
    as: 'page' | 'json',
  ) => {
    const served = servedIn(form, request);
    const [page, json] = await served.pages();
    reply.header('Content-Language', served.lang);
    if (languagesOf(form.config).length > 1)
      reply.header('Vary', 'Accept-Language');
    return as === 'page'
      ? sendPage(page, request, reply, 'no-cache')
      : sendPage(
          json,
          request,
          reply,
          'no-cache',
          'application/json; charset=utf-8',
        );
  };
  app.get('/', async (request, reply) =>
    sendForm(live.current(), request, reply, 'page'),
  );
  // The public pages of calls (the list of open calls, a call that is not open) share one sender,
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
    site: () => live.current().config,
    stylesheet: built.stylesheet,
    send: sendPublicPage,
  });
  await app.register(mePageRoute, {
    site: () => live.current().config,
    stylesheet: built.stylesheet,
    entry: built.meEntry,
    send: sendPublicPage,
  });
  app.get<{ Params: { slug: string } }>(
    '/apply/:slug',
    async (request, reply) => {
      const call = calls.get(request.params.slug);
      if (!call)
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('There is no call at this address.');
      const unavailable = unavailableCallOf(
        call.call,
        callStatusOf(call.call, now()),
      );
      if (unavailable) {
        const config = pageConfigFor(call.form.config, request);
        const page = renderUnavailableCallPage(unavailable, {
          config,
          stylesheet: built.stylesheet,
        });
        return sendPublicPage(request, reply, page, config);
      }
      return sendForm(call.form, request, reply, 'page');
    },
  );
  // A call's form served now, for a wizard whose application was answered under a version no
  // longer taken: it asks the new questions without reloading the page, keeping every answer.
  app.get<{ Params: { slug: string } }>(
    '/api/form/:slug',
    async (request, reply) => {
      const call = calls.get(request.params.slug);
      if (!call)
        return reply.code(404).send({
          error: 'not_found',
          message: `There is no call "${request.params.slug}".`,
        });
      return sendForm(call.form, request, reply, 'json');
    },
  );
  await app.register(workspacePageRoutes, {
    sendPage: async (request: FastifyRequest, reply: FastifyReply) => {
      const reviewPage = await servedFor(live.current()).reviewPage;
      // The form editor shows its preview in a frame of this page; nothing else may frame it.
      if (request.url.split('?')[0] === formPreviewPath) {
        const policy = reply.getHeader('content-security-policy');
        if (typeof policy === 'string')
          reply.header(
            'Content-Security-Policy',
            policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
          );
        reply.header('X-Frame-Options', 'SAMEORIGIN');
      }
      // Whether it answers depends on the session: never from a cache.
      return sendPage(reviewPage, request, reply, 'no-store');
    },
  });

  // Every page address without a route of its own leads back to the wizard.
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/');
    if (isPage) return reply.redirect('/', 302);
    return reply.code(404).send({
      error: 'not_found',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
  });

  return app;
}
