import { callFactsJson } from '../calls/call-facts.ts';
import type { FastifyInstance } from 'fastify';
import { exportFormatSchema } from '#review-api/inbox.ts';
import type { ApplicationDescriptions } from '../application-descriptions.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { Database } from '../db/database.ts';
import { eraseOne } from '../erasure-answer.ts';
import { exportTable } from '../export-table.ts';
import { detailOfExport, sendExport } from '../send-export.ts';
import { cursorRefusal, decodeCursor, inboxPage } from '../review/cursor.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { requireRole } from '../staff/staff-auth.ts';

/**
 * The review API for automation: list, search, read, export and erase, behind ADMIN_TOKEN (the
 * bearer guard of `registerStaffAuth`). Exports and erasures are audited as the workspace's are.
 */
export async function applicationRoutes(
  app: FastifyInstance,
  {
    database,
    repository,
    descriptions,
    audit,
    callTitle,
  }: {
    /** The title of a call, by its slug. */
    callTitle: (slug: string) => string;
    database: Database;
    repository: ApplicationsRepository;
    descriptions: ApplicationDescriptions;
    audit: AuditLog;
  },
) {
  app.addHook('preHandler', requireRole('admin'));
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

  app.get<{ Params: { format: string } }>(
    '/api/applications.:format',
    async (request, reply) => {
      const format = exportFormatSchema.safeParse(request.params.format);
      if (!format.success)
        return reply.code(404).send({
          error: 'not_found',
          message: 'Exports are applications.csv or applications.xlsx.',
        });
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'exported',
        subject: null,
        address: request.ip,
        detail: detailOfExport('every application', format.data),
      });
      return sendExport(
        reply,
        format.data,
        await exportTable({ database, repository, descriptions, callTitle }),
      );
    },
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
      const { callSlug: _callSlug, late: _late, ...stored } = application;
      return {
        ...stored,
        ...callFactsJson(application, callTitle),
        answers: await descriptions.describe(application),
      };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/applications/:id',
    (request, reply) =>
      eraseOne(
        { database, repository, audit, callTitle },
        {
          id: request.params.id,
          actor: request.staff?.email ?? '',
          address: request.ip,
        },
        reply,
      ),
  );
}
