import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emailKeyOf } from '#engine/email-identity.ts';
import {
  endSession,
  eraseMyApplication,
  exportMyData,
  myPage,
  requestLink,
  startSession,
  withdrawApplication,
} from '#review-api/applicant.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { localizeConfig } from '#engine/languages/localize.ts';
import { resolveWizardTexts, type Texts } from '#engine/texts.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { Database } from '../db/database.ts';
import { answerErasure } from '../erasure-answer.ts';
import type { LiveCalls } from '../form/live-form.ts';
import type { Messaging } from '../notifications/messaging.ts';
import { messageLanguageOf } from '../notifications/notifications-in-language.ts';
import { describeCalls, type CallTitle } from '../review/audit-details.ts';
import { routeOf, withContract } from '../review/contract.ts';
import { createReviewRepository } from '../review/review-repository.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { createSessionCookie, expectedOriginOf } from '../staff/staff-auth.ts';
import {
  createApplicantAccess,
  linksPerWindow,
  sessionLifetimeMs,
} from './applicant-access.ts';
import { applicantExport } from './applicant-export.ts';
import { meLinkMessage, withdrawnMessages } from './applicant-messages.ts';
import { listed, myApplications, type TextsOf } from './my-applications.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The e-mail key of the applicant signed in to their own page on this request, if any. */
    applicant: string | null;
  }
}

/** Who may act as an applicant: recorded in the audit log and the stage history as this. */
const applicantActor = 'applicant';

const notFound = {
  error: 'not_found',
  message: 'You have no application with that id.',
};

/**
 * The applicant's own page: a single-use link by e-mail instead of a password, a session of its
 * own that the staff workspace never accepts (another cookie, read by these routes alone), and
 * what the applicant may do with their applications.
 */
export async function applicantRoutes(
  plainApp: FastifyInstance,
  {
    database,
    repository,
    messaging,
    audit,
    publicOrigin,
    calls,
    callTitle,
    now,
    rateLimitPerMinute,
  }: {
    database: Database;
    repository: ApplicationsRepository;
    messaging: Messaging;
    audit: AuditLog;
    publicOrigin: string | undefined;
    calls: LiveCalls;
    callTitle: CallTitle;
    now: () => Date;
    /** The server's limit of submissions per client address; 0 turns the link's limit off too. */
    rateLimitPerMinute: number;
  },
) {
  const app = withContract(plainApp);
  // Each application's status in the words of its call's form (the default call's for one not
  // served), in the page's language or else the one it was written in; each form's words made
  // once per language.
  const localized = new WeakMap<WizardConfig, Map<string, Texts>>();
  const textsOf: TextsOf = (slug, language) => {
    const { config } = (
      (slug === undefined ? undefined : calls.get(slug)) ?? calls.byDefault()
    ).form;
    const shown = messageLanguageOf(config, language);
    const byLanguage = localized.get(config) ?? new Map<string, Texts>();
    localized.set(config, byLanguage);
    const texts =
      byLanguage.get(shown) ??
      resolveWizardTexts(
        shown === config.lang ? config : localizeConfig(config, shown),
      );
    byLanguage.set(shown, texts);
    return texts;
  };
  const { db } = database;
  const access = createApplicantAccess(database, now);
  const reviews = createReviewRepository(database, now, messaging.moveHooks);
  const cookie = createSessionCookie(publicOrigin, {
    name: 'applicant',
    maxAgeMs: sessionLifetimeMs,
  });

  app.decorateRequest('applicant', null);
  app.addHook('onRequest', async (request, reply) => {
    // A page of another site must not act for a signed-in applicant, nor ask links in their name.
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      request.headers.origin !== expectedOriginOf(request, publicOrigin)
    )
      return reply.code(403).send({
        error: 'forbidden_origin',
        message: 'This request must come from this site’s own pages.',
      });
    const token = cookie.tokenOf(request);
    request.applicant = token ? ((await access.personOf(token)) ?? null) : null;
  });
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.applicant)
      return reply.code(401).send({
        error: 'signed_out',
        message:
          'Your session has ended. Ask for a new link on this page to see your applications.',
      });
  };
  /** The signed-in applicant's e-mail key, after `signedIn` has let the request through. */
  const personOf = (request: FastifyRequest) => request.applicant ?? '';

  app.route({
    ...routeOf(requestLink),
    config:
      rateLimitPerMinute > 0
        ? { rateLimit: { max: 10, timeWindow: 15 * 60_000 } }
        : {},
    // The same statements whether or not the address applied: the link row is written either
    // way, and only the outbox row differs, in the same transaction, so neither the answer nor
    // its time tells a stranger who applied.
    handler: async (request, reply) => {
      const emailKey = emailKeyOf(request.body.email);
      const queued = await db.transaction().execute(async (transaction) => {
        const newest = await transaction
          .selectFrom('applications')
          .select(['email', 'language'])
          .where('email_key', '=', emailKey)
          .orderBy('received_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        const { token, earlier } = await access.addLink(transaction, emailKey);
        // In the language the page was read in, else the one the newest application was written in.
        const settings = messaging.settings(
          undefined,
          request.body.language ?? newest?.language,
        );
        // The link goes to the address the person applied with, which they have shown they use.
        if (!newest || earlier >= linksPerWindow || !settings.isEmailOn)
          return false;
        await messaging.outbox.enqueue(
          [meLinkMessage(newest.email, token, settings)],
          transaction,
        );
        return true;
      });
      if (queued) messaging.wake();
      return reply.code(202).send({});
    },
  });

  app.route({
    ...routeOf(startSession),
    handler: async (request, reply) => {
      const token = await access.startSession(request.body.token);
      if (!token)
        return reply.code(401).send({
          error: 'link_not_valid',
          message:
            'This link has been used or has expired: each link works once, for 30 minutes. Ask for a new one on this page.',
        });
      cookie.set(request, reply, token);
      return reply.code(200).send({});
    },
  });

  app.route({
    ...routeOf(endSession),
    handler: async (request, reply) => {
      const token = cookie.tokenOf(request);
      if (token) await access.endSession(token);
      cookie.clear(request, reply);
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(myPage),
    preHandler: signedIn,
    handler: async (request, reply) => {
      const emailKey = personOf(request);
      const { lang } = request.query;
      const applications = await myApplications(
        database,
        emailKey,
        (slug, language) => textsOf(slug, lang ?? language),
      );
      // Never from a cache: it is one person's, and it changes as the team decides.
      reply.header('Cache-Control', 'no-store');
      return {
        email: applications[0]?.email ?? emailKey,
        applications: applications.map(listed),
      };
    },
  });

  app.route({
    ...routeOf(withdrawApplication),
    preHandler: signedIn,
    handler: async (request, reply) => {
      const emailKey = personOf(request);
      const { id } = request.params;
      const [application] = await myApplications(
        database,
        emailKey,
        textsOf,
        id,
      );
      if (!application) return reply.code(404).send(notFound);
      const withdrawn = {
        error: 'already_withdrawn',
        message: 'You have already withdrawn this application.',
      };
      if (application.status === 'withdrawn')
        return reply.code(409).send(withdrawn);
      const moves = await reviews.moveStages(
        [id],
        'withdrawn',
        applicantActor,
        async (transaction) => {
          const settings = messaging.settings(application.call.slug);
          const staff = settings.isEmailOn
            ? await transaction
                .selectFrom('staff_accounts')
                .select(['id', 'email'])
                .where('notify', '=', 'each')
                .execute()
            : [];
          await messaging.outbox.enqueue(
            withdrawnMessages(application, staff, settings),
            transaction,
          );
        },
      );
      const [move] = moves;
      // Withdrawn a moment ago by another request of theirs: that one told the team.
      if (!move) return reply.code(409).send(withdrawn);
      await audit.record({
        actor: applicantActor,
        action: 'stage_moved',
        subject: id,
        address: request.ip,
        detail: `${move.from} → ${move.to}; ${describeCalls([move.callSlug], callTitle)}`,
      });
      const [updated] = await myApplications(database, emailKey, textsOf, id);
      return updated ? listed(updated) : reply.code(404).send(notFound);
    },
  });

  // The staff erase, audited as the applicant's: the application, its notes, votes and moves.
  app.route({
    ...routeOf(eraseMyApplication),
    preHandler: signedIn,
    handler: async (request, reply) => {
      const { id } = request.params;
      const [application] = await myApplications(
        database,
        personOf(request),
        textsOf,
        id,
      );
      if (!application) return reply.code(404).send(notFound);
      const erasure = await repository.erase(id);
      if (erasure === 'not_found') return reply.code(404).send(notFound);
      await audit.record({
        actor: applicantActor,
        action: 'erased',
        subject: id,
        address: request.ip,
        detail: describeCalls([application.call.slug], callTitle),
      });
      return answerErasure(reply, erasure);
    },
  });

  app.route({
    ...routeOf(exportMyData),
    preHandler: signedIn,
    handler: async (request, reply) => {
      const at = now();
      const data = await applicantExport(
        database,
        personOf(request),
        textsOf,
        at,
      );
      return reply
        .header('Cache-Control', 'no-store')
        .header(
          'Content-Disposition',
          `attachment; filename="my-applications-${at.toISOString().slice(0, 10)}.json"`,
        )
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  });
}
