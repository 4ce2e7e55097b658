import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  clickIdOf,
  labelsOf,
  visitSourceSchema,
  type VisitSource,
} from '#engine/insights.ts';
import { parsePayload, type ApplicationPayload } from '#engine/payload.ts';
import {
  botCheckHeader,
  formChanged,
  formVersionHeader,
  type ApplicationReceived,
  type ApplicationRefusal,
} from '#engine/sync-page.ts';
import {
  callStatusOf,
  eligibilityFactsOf,
  lateGraceMs,
  unmetEligibility,
} from '#engine/calls.ts';
import { languageTagPattern } from '#engine/languages/language-tags.ts';
import { maxHiddenFields } from '#engine/hidden-fields.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { BotCheck } from './bot-check.ts';
import {
  applicationLanguageOf,
  createLocalizedModels,
} from './application-language.ts';
import type { AcceptedVersions } from '../form/accepted-versions.ts';
import type { LiveCall, LiveCalls } from '../form/live-form.ts';
import { unavailableCallMessage } from '../public/call-pages.ts';
import { validationIssues } from '../plugins/error-shape.ts';
import { readableAnswersOf } from '../readable-answers.ts';

const uuidPattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Options = {
  calls: Pick<LiveCalls, 'get'>;
  /** The versions a call's applications are taken under: each one's rules, and the hash its applications record. */
  versionsOf: (call: LiveCall) => Pick<AcceptedVersions, 'current' | 'formFor'>;
  repository: ApplicationsRepository;
  /** The server's clock, which opens and closes calls. */
  now: () => Date;
  rateLimitPerMinute: number;
  /** Checks the answer to the bot check of a form that turns it on. */
  botCheck: Pick<BotCheck, 'refusalOf'>;
};

/**
 * Whether a call takes an application now: open, or closed less than the grace hour ago (then it
 * is marked late: someone was filling it in as it closed); else why not, in words.
 */
function admissionOf(
  { call, form }: LiveCall,
  now: Date,
): { late: boolean } | { refusal: string } {
  const status = callStatusOf(call, now);
  if (status === 'open') return { late: false };
  if (status === 'scheduled')
    return {
      refusal: unavailableCallMessage(
        { title: call.title, status, opensAt: call.opensAt ?? '' },
        form,
      ),
    };
  const closedAt = call.closesAt && new Date(call.closesAt).getTime();
  if (!call.archived && closedAt && now.getTime() - closedAt < lateGraceMs)
    return { late: true };
  return {
    refusal: unavailableCallMessage({ title: call.title, status }, form),
  };
}

const text = { type: 'string' } as const;

/**
 * The shape of an application body, checked before any answer is read: groups of texts, the
 * phone as an object of texts, `fields` as key/value pairs. The answers themselves are the
 * configuration's business.
 */
const applicationBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    personalInfo: {
      type: 'object',
      default: {},
      additionalProperties: {
        anyOf: [text, { type: 'object', additionalProperties: text }],
      },
    },
    platforms: {
      type: 'object',
      default: {},
      additionalProperties: { type: 'object', additionalProperties: text },
    },
    fields: {
      type: 'array',
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'value'],
        properties: { key: text, value: text },
      },
    },
    honeypot: text,
    language: { type: 'string', pattern: languageTagPattern.source },
    hidden: {
      type: 'object',
      maxProperties: maxHiddenFields + 1,
      additionalProperties: text,
    },
  },
} as const;

/**
 * The applicant's visit, from the `Visit-Source` header (its labels URL-encoded): the payload stays
 * as specified. A header that is missing or malformed only leaves the source unknown; an
 * application is never refused for it.
 */
function visitOf(header: string | string[] | undefined): VisitSource | null {
  if (typeof header !== 'string') return null;
  const parsed = visitSourceSchema.safeParse(
    Object.fromEntries(new URLSearchParams(header)),
  );
  return parsed.success ? parsed.data : null;
}

/** The version a `Form-Version` header names: absent, a number, or something else. */
function versionOf(
  header: string | string[] | undefined,
): number | null | 'malformed' {
  if (header === undefined) return null;
  return typeof header === 'string' && /^[0-9]{1,9}$/.test(header)
    ? Number(header)
    : 'malformed';
}

/**
 * `PUT /api/syncPage/:pageId`: an application, checked by the rules of the form version its
 * applicant was served (the `Form-Version` header; without it, the version served now), stored under
 * that version once per Idempotency-Key.
 */
export async function syncPageRoutes(
  app: FastifyInstance,
  { calls, versionsOf, repository, now, rateLimitPerMinute, botCheck }: Options,
) {
  const localizedModels = createLocalizedModels();
  app.put<{ Params: { pageId: string }; Body: ApplicationPayload }>(
    '/api/syncPage/:pageId',
    {
      schema: { body: applicationBodySchema },
      // An unknown page is a 404 and a missing key a 400 of its own, whatever the body holds.
      attachValidation: true,
      config:
        rateLimitPerMinute > 0
          ? { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } }
          : {},
    },
    async (request, reply) => {
      const refuse = (
        status: 400 | 403 | 404 | 409 | 410,
        body: ApplicationRefusal,
      ) => reply.code(status).send(body);
      const call = calls.get(request.params.pageId);
      if (!call)
        return refuse(404, {
          error: 'not_found',
          message: `There is no application form "${request.params.pageId}".`,
        });
      const admission = admissionOf(call, now());
      if ('refusal' in admission)
        return refuse(410, {
          error: 'call_closed',
          message: admission.refusal,
        });
      const versions = versionsOf(call);
      const named = versionOf(request.headers['form-version']);
      if (named === 'malformed')
        return refuse(400, {
          error: 'validation',
          issues: [
            {
              path: formVersionHeader,
              message: `Send the form version the page was served with, in digits, in the ${formVersionHeader} header`,
            },
          ],
        });
      const verdict =
        named === null
          ? ({ kind: 'accepted', form: versions.current() } as const)
          : await versions.formFor(named);
      if (verdict.kind === 'changed') {
        request.log.info(
          { version: named },
          'application under a form no longer taken',
        );
        return refuse(409, formChanged(versions.current().number));
      }
      const { configHash } = verdict.form;
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !uuidPattern.test(key))
        return refuse(400, {
          error: 'validation',
          issues: [
            {
              path: 'Idempotency-Key',
              message: 'Send one UUID in the Idempotency-Key header',
            },
          ],
        });
      if (request.validationError)
        return refuse(400, {
          error: 'validation',
          issues: validationIssues(request.validationError),
        });
      // Checked as the applicant read the form, so a refusal is in their language.
      const language = applicationLanguageOf(
        request.body.language,
        verdict.form.model.config,
      );
      const parsed = parsePayload(
        { ...request.body, language },
        localizedModels.modelFor(verdict.form, language),
      );
      if (!parsed.ok) {
        request.log.info(
          { issues: parsed.issues.map((issue) => issue.path) },
          'application refused',
        );
        return refuse(400, { error: 'validation', issues: parsed.issues });
      }
      // A filled honeypot looks accepted to the bot and stores nothing.
      if (parsed.isHoneypot) {
        request.log.info('honeypot filled; application discarded');
        return reply.code(201).send({
          id: randomUUID(),
          receivedAt: new Date().toISOString(),
        } satisfies ApplicationReceived);
      }
      // Checked last, so an answer the applicant must correct does not use up their solved challenge.
      if (call.form.config.botCheck) {
        const refusal = await botCheck.refusalOf(
          request.headers[botCheckHeader.toLowerCase()],
          key.toLowerCase(),
        );
        if (refusal)
          return refuse(refusal.status, {
            error: 'bot_check',
            message: refusal.message,
          });
      }
      const visit = visitOf(request.headers['visit-source']);
      const outcome = await repository.store({
        pageId: call.call.slug,
        late: admission.late,
        eligibility: unmetEligibility(
          call.call.eligibility,
          eligibilityFactsOf(parsed.payload),
        ),
        idempotencyKey: key.toLowerCase(),
        configVersion: configHash,
        payload: parsed.payload,
        source: visit && labelsOf(visit),
        clickId: visit && clickIdOf(visit),
        readableAnswers: readableAnswersOf(parsed.payload, verdict.form.model),
      });
      if (outcome.kind === 'conflict')
        return refuse(409, {
          error: 'conflict',
          message:
            'This Idempotency-Key was already used for a different application.',
        });
      return reply.code(outcome.kind === 'created' ? 201 : 200).send({
        id: outcome.id,
        receivedAt: outcome.receivedAt,
      } satisfies ApplicationReceived);
    },
  );
}
