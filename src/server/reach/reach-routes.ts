import type { FastifyInstance } from 'fastify';
import { checkReachAgain } from '#review-api/reach.ts';
import { routeOf, withContract } from '../review/contract.ts';
import { requireRole } from '../staff/staff-auth.ts';
import type { Reach } from './reach.ts';

/** "Check again" on an application's verified reach, for any staff member (origin checked with every workspace change). */
export async function reachRoutes(
  plainApp: FastifyInstance,
  { reach }: { reach: Reach },
) {
  const app = withContract(plainApp);
  app.addHook('preHandler', requireRole('reviewer'));
  app.route({
    ...routeOf(checkReachAgain),
    handler: async (request, reply) => {
      const entries = await reach.queue.checkAgain(request.params.id);
      if (!entries)
        return reply.code(404).send({
          error: 'not_found',
          message: 'No application with that id.',
        });
      reach.wake();
      return { reach: entries };
    },
  });
}
