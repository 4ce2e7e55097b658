import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { createHealthCheck } from '../health.ts';

/**
 * Readiness (`/api/health`): the database answers and takes a write, or 503. Liveness
 * (`/api/health/live`): the process answers at all.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { database }: { database: Database },
) {
  const health = createHealthCheck(database, {
    onFault: (fault, error) =>
      app.log.error({ err: error }, `health check failed: ${fault}`),
    onRecovery: () => app.log.info('health check passes again'),
  });
  app.get('/api/health', async (_request, reply) => {
    const engine = database.engine;
    if (await health.problem())
      return reply.code(503).send({ status: 'unavailable', database: engine });
    return { status: 'ok', database: engine };
  });
  app.get('/api/health/live', async () => ({ status: 'ok' }));
}
