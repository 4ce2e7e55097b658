import type { FastifyInstance } from 'fastify';
import {
  eraseApplication,
  eraseApplications,
} from '#review-api/application.ts';
import { eraseOne } from '../erasure-answer.ts';
import { requireRole } from '../staff/staff-auth.ts';
import { callsOf, describeChoice } from './audit-details.ts';
import { idsOf, selectionChanged } from './chosen-applications.ts';
import { routeOf, withContract } from './contract.ts';
import type { ReviewSources } from './review-sources.ts';

/**
 * Erasure, for admins: the application, its notes, votes and stage moves; the audit keeps only
 * that it happened, by whom, to which id.
 */
export async function erasureRoutes(
  plainApp: FastifyInstance,
  sources: ReviewSources,
) {
  const { database, repository, audit, callTitle } = sources;
  const app = withContract(plainApp);

  app.route({
    ...routeOf(eraseApplication),
    preHandler: requireRole('admin'),
    handler: async (request, reply) => {
      await eraseOne(
        sources,
        {
          id: request.params.id,
          actor: request.staff?.email ?? '',
          address: request.ip,
        },
        reply,
      );
      return reply;
    },
  });

  // Erasure of a selection: one audit entry, with the count and how they were chosen.
  app.route({
    ...routeOf(eraseApplications),
    preHandler: requireRole('admin'),
    handler: async (request, reply) => {
      const ids = await idsOf(repository, request.body);
      if (!Array.isArray(ids))
        return reply.code(409).send(selectionChanged(ids));
      const calls = await callsOf(database.db, ids);
      const { erased, scrubbed } = await repository.eraseMany(ids);
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'applications_erased',
        subject: null,
        address: request.ip,
        count: erased,
        detail: describeChoice(
          { view: request.body.view, selected: ids.length },
          calls,
          callTitle,
        ),
      });
      return { erased, isScrubbing: !scrubbed };
    },
  });
}
