import type { FastifyInstance } from 'fastify';
import type { ApplicationDescriptions } from '../application-descriptions.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import { fullNameOf } from '../db/applicant-columns.ts';
import { requireRole } from '../staff/staff-auth.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 200 },
    cursor: { type: 'string', maxLength: 400 },
    // Query strings are text, and the app never coerces types.
    limit: { type: 'string', pattern: '^(?:[1-9]|[1-9][0-9]|1[0-9]{2}|200)$' },
  },
} as const;

/** The workspace's reading API: the inbox and one application with its answers. */
export async function reviewRoutes(
  app: FastifyInstance,
  {
    repository,
    descriptions,
  }: {
    repository: ApplicationsRepository;
    descriptions: ApplicationDescriptions;
  },
) {
  app.addHook('preHandler', requireRole('reviewer'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get<{
    Querystring: { search?: string; cursor?: string; limit?: number };
  }>(
    '/api/review/applications',
    { schema: { querystring: listQuery } },
    async (request, reply) => {
      const limit = Number(request.query.limit ?? 50);
      const after =
        request.query.cursor === undefined
          ? undefined
          : decodeCursor(request.query.cursor);
      if (after === null)
        return reply.code(400).send({
          error: 'validation',
          issues: [
            {
              path: 'cursor',
              message: 'Use the nextCursor of a previous page',
            },
          ],
        });
      const search = request.query.search?.trim() || undefined;
      const items = await repository.list({ limit: limit + 1, after, search });
      const page = items.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page,
        nextCursor:
          items.length > limit && last
            ? encodeCursor({ receivedAt: last.receivedAt, id: last.id })
            : null,
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/review/applications/:id',
    async (request, reply) => {
      const application = await repository.get(request.params.id);
      if (!application)
        return reply.code(404).send({
          error: 'not_found',
          message: 'No application with that id.',
        });
      return {
        id: application.id,
        name: fullNameOf(application.payload),
        receivedAt: application.receivedAt,
        answers: await descriptions.describe(application),
      };
    },
  );
}
