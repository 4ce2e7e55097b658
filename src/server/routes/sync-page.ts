import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ApplicationModel } from '#engine/application-schema.ts';
import { parsePayload } from '#engine/payload.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';

const uuidPattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Options = {
  model: ApplicationModel;
  repository: ApplicationsRepository;
  rateLimitPerMinute: number;
};

/** `PUT /api/syncPage/:pageId` with every answer of CONTRACT §4. */
export async function syncPageRoutes(
  app: FastifyInstance,
  { model, repository, rateLimitPerMinute }: Options,
) {
  const pageId = model.config.pageId;
  app.put<{ Params: { pageId: string } }>(
    '/api/syncPage/:pageId',
    {
      config:
        rateLimitPerMinute > 0
          ? { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } }
          : {},
    },
    async (request, reply) => {
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
      // CONTRACT §6: a filled honeypot looks accepted to the bot and stores nothing.
      if (parsed.isHoneypot) {
        request.log.info('honeypot filled; application discarded');
        return reply
          .code(201)
          .send({ id: randomUUID(), receivedAt: new Date().toISOString() });
      }
      const outcome = await repository.store({
        pageId,
        idempotencyKey: key.toLowerCase(),
        payload: parsed.payload,
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
