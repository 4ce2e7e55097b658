import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ApplicationModel } from '#engine/application-schema.ts';
import {
  labelsOf,
  visitSourceSchema,
  type SourceLabels,
} from '#engine/insights.ts';
import { parsePayload, type ApplicationPayload } from '#engine/payload.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import { validationIssues } from '../plugins/error-shape.ts';

const uuidPattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Options = {
  /** The form being served: its rules, and the version its applications record. */
  current: () => { model: ApplicationModel; configHash: string };
  repository: ApplicationsRepository;
  rateLimitPerMinute: number;
};

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
  },
} as const;

/**
 * The source of the applicant's visit, from the `Visit-Source` header (its labels URL-encoded): the
 * payload stays as specified. A header that is missing or malformed only leaves the source unknown;
 * an application is never refused for it.
 */
function sourceOf(header: string | string[] | undefined): SourceLabels | null {
  if (typeof header !== 'string') return null;
  const parsed = visitSourceSchema.safeParse(
    Object.fromEntries(new URLSearchParams(header)),
  );
  return parsed.success ? labelsOf(parsed.data) : null;
}

/** `PUT /api/syncPage/:pageId`: an application, checked by the rules of the form that asked it, stored once per Idempotency-Key. */
export async function syncPageRoutes(
  app: FastifyInstance,
  { current, repository, rateLimitPerMinute }: Options,
) {
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
      const { model, configHash } = current();
      const pageId = model.config.pageId;
      if (request.params.pageId !== pageId)
        return reply.code(404).send({
          error: 'not_found',
          message: `There is no application form "${request.params.pageId}".`,
        });
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !uuidPattern.test(key))
        return reply.code(400).send({
          error: 'validation',
          issues: [
            {
              path: 'Idempotency-Key',
              message: 'Send one UUID in the Idempotency-Key header',
            },
          ],
        });
      if (request.validationError)
        return reply.code(400).send({
          error: 'validation',
          issues: validationIssues(request.validationError),
        });
      const parsed = parsePayload(request.body, model);
      if (!parsed.ok) {
        request.log.info(
          { issues: parsed.issues.map((issue) => issue.path) },
          'application refused',
        );
        return reply
          .code(400)
          .send({ error: 'validation', issues: parsed.issues });
      }
      // A filled honeypot looks accepted to the bot and stores nothing.
      if (parsed.isHoneypot) {
        request.log.info('honeypot filled; application discarded');
        return reply
          .code(201)
          .send({ id: randomUUID(), receivedAt: new Date().toISOString() });
      }
      const outcome = await repository.store({
        pageId,
        idempotencyKey: key.toLowerCase(),
        configVersion: configHash,
        payload: parsed.payload,
        source: sourceOf(request.headers['visit-source']),
      });
      if (outcome.kind === 'conflict')
        return reply.code(409).send({
          error: 'conflict',
          message:
            'This Idempotency-Key was already used for a different application.',
        });
      return reply
        .code(outcome.kind === 'created' ? 201 : 200)
        .send({ id: outcome.id, receivedAt: outcome.receivedAt });
    },
  );
}
