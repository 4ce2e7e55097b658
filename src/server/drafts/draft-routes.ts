import type { FastifyInstance } from 'fastify';
import { callStatusOf } from '#engine/calls.ts';
import { resolveWizardTexts } from '#engine/texts.ts';
import { checkEmail } from '#engine/validators.ts';
import { resumeDraft, saveDraft } from '#review-api/applicant.ts';
import type { LiveCalls } from '../form/live-form.ts';
import type { Messaging } from '../notifications/messaging.ts';
import {
  unavailableCallMessage,
  unavailableCallOf,
} from '../public/call-pages.ts';
import { withContract, routeOf } from '../review/contract.ts';
import { expectedOriginOf } from '../staff/staff-auth.ts';
import type { DraftStore } from './draft-store.ts';
import { resumeLinkMessage, resumeUrlOf } from './resume-link-message.ts';

type Options = {
  calls: Pick<LiveCalls, 'get'>;
  drafts: DraftStore;
  messaging: Pick<Messaging, 'outbox' | 'settings' | 'wake'>;
  /** PUBLIC_URL's origin: where saves must come from, and where the e-mailed link leads. */
  publicOrigin: string | undefined;
  now: () => Date;
  /** Submissions per client address per minute (0: no limit); saves and resumes take a share of it. */
  rateLimitPerMinute: number;
};

/** Each save sends an e-mail: a handful a minute from one address is a person, more is not. */
const savesPerMinute = 10;

/**
 * `POST /api/drafts`: the answers of an open call's form, kept for 30 days, and an e-mail with the
 * link that brings them back. `GET /api/drafts/:token`: what that link brings back.
 */
export async function draftRoutes(
  plainApp: FastifyInstance,
  { calls, drafts, messaging, publicOrigin, now, rateLimitPerMinute }: Options,
) {
  const app = withContract(plainApp);
  const limit = (max: number) =>
    rateLimitPerMinute > 0
      ? { rateLimit: { max, timeWindow: 60_000 } }
      : undefined;
  app.route({
    ...routeOf(saveDraft),
    config: limit(Math.min(savesPerMinute, rateLimitPerMinute)),
    handler: async (request, reply) => {
      // A page elsewhere could otherwise make a visitor's browser e-mail anyone: saves come from the
      // form's own pages, as every request that changes something in the workspace does.
      if (request.headers.origin !== expectedOriginOf(request, publicOrigin))
        return reply.code(403).send({
          error: 'forbidden_origin',
          message: 'Save your answers from the form’s own page.',
        });
      const { pageId, email, step, answers, language } = request.body;
      const call = calls.get(pageId);
      if (!call)
        return reply.code(404).send({
          error: 'not_found',
          message: `There is no application form "${pageId}".`,
        });
      const unavailable = unavailableCallOf(
        call.call,
        callStatusOf(call.call, now()),
      );
      if (unavailable)
        return reply.code(410).send({
          error: 'call_closed',
          message: unavailableCallMessage(unavailable, call.form),
        });
      if (checkEmail(email))
        return reply.code(400).send({
          error: 'validation',
          issues: [
            {
              path: 'email',
              message: resolveWizardTexts(call.form.config).email,
            },
          ],
        });
      const settings = messaging.settings(call.call.slug, language);
      if (!settings.isEmailOn)
        return reply.code(404).send({
          error: 'not_found',
          message:
            'This server sends no e-mail, so it cannot send a link to continue later.',
        });
      await drafts.save(
        { pageId: call.call.slug, email, step, answers },
        async (transaction, token) => {
          await messaging.outbox.enqueue(
            [
              resumeLinkMessage(
                email,
                resumeUrlOf(settings.publicOrigin, call.call.slug, token),
                settings,
              ),
            ],
            transaction,
          );
        },
      );
      messaging.wake();
      return reply.code(202).send({});
    },
  });
  app.route({
    ...routeOf(resumeDraft),
    config: limit(rateLimitPerMinute),
    handler: async (request, reply) => {
      const draft = await drafts.resume(request.params.token);
      if (!draft)
        return reply.code(404).send({
          error: 'not_found',
          message:
            'These saved answers are no longer there: the link has expired, a newer link replaced it, or the application was sent.',
        });
      // The answers are the applicant's alone: no cache along the way keeps a copy.
      return reply.header('Cache-Control', 'no-store').send(draft);
    },
  });
}
