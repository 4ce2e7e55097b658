import type { FastifyInstance } from 'fastify';
import { requireRole } from '../staff/staff-auth.ts';
import { erasureRoutes } from './erasure-routes.ts';
import { exportRoutes } from './export-routes.ts';
import { inboxRoutes } from './inbox-routes.ts';
import { notesVotesTagsRoutes } from './notes-votes-tags-routes.ts';
import { stageRoutes } from './stage-routes.ts';
import type { ReviewSources } from './review-sources.ts';

/**
 * The workspace's API: the inbox, one application with its answers, and the team's decisions.
 * Every route is for staff, and no answer is kept by a cache.
 */
export async function reviewRoutes(
  app: FastifyInstance,
  options: ReviewSources,
) {
  app.addHook('preHandler', requireRole('reviewer'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  await app.register(inboxRoutes, options);
  await app.register(exportRoutes, options);
  await app.register(stageRoutes, options);
  await app.register(notesVotesTagsRoutes, options);
  await app.register(erasureRoutes, options);
}
