import type { FastifyInstance } from 'fastify';
import type { ApplicationDescriptions } from '../application-descriptions.ts';
import { sendApplicationsCsv } from '../csv-export.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import { answerErasure } from '../erasure-answer.ts';
import { createAdminGuard } from '../plugins/admin-auth.ts';
import { cursorRefusal, decodeCursor, inboxPage } from '../review/cursor.ts';

/** The review API for staff: list, search, read, export and erase, behind ADMIN_TOKEN. */
export async function applicationRoutes(
  app: FastifyInstance,
  {
    repository,
    descriptions,
    adminToken,
  }: {
    repository: ApplicationsRepository;
    descriptions: ApplicationDescriptions;
    adminToken: string;
  },
) {
  app.addHook('onRequest', createAdminGuard(adminToken));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get<{
    Querystring: { search?: string; cursor?: string; limit?: string };
  }>('/api/applications', async (request, reply) => {
    const limit =
      request.query.limit === undefined ? 50 : Number(request.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      return reply.code(400).send({
        error: 'validation',
        issues: [
          { path: 'limit', message: 'Use a whole number from 1 to 200' },
        ],
      });
    const after = decodeCursor(request.query.cursor);
    if (after === null) return reply.code(400).send(cursorRefusal);
    const search = request.query.search?.trim().slice(0, 200) || undefined;
    return inboxPage(repository, { limit, after, filters: { search } });
  });

  app.get('/api/applications.csv', async (_request, reply) =>
    sendApplicationsCsv(reply, repository, descriptions),
  );

  app.get<{ Params: { id: string } }>(
    '/api/applications/:id',
    async (request, reply) => {
      const application = await repository.get(request.params.id);
      if (!application)
        return reply.code(404).send({
          error: 'not_found',
          message: 'No application with that id.',
        });
      return {
        ...application,
        answers: await descriptions.describe(application),
      };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/applications/:id',
    async (request, reply) => {
      const erasure = await repository.erase(request.params.id);
      if (erasure === 'not_found')
        return reply.code(404).send({
          error: 'not_found',
          message: 'No application with that id.',
        });
      request.log.info({ erasure }, 'application erased');
      return answerErasure(reply, erasure);
    },
  );
}
