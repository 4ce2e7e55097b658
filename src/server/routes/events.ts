import type { FastifyInstance } from 'fastify';
import type { ApplicationModel } from '#engine/application-schema.ts';
import { buildInsightReportSchema } from '#engine/insights.ts';
import type { InsightsRepository } from '../db/insights-repository.ts';
import { withContract } from '../review/contract.ts';

type Options = {
  model: ApplicationModel;
  insights: InsightsRepository;
  /** Reports per client address per minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
};

/**
 * `POST /api/events`: the wizard's anonymous reports. Checked strictly against the form they
 * describe (its steps, its questions), answered once stored. No cookie is read or set, and the
 * address is used by the rate limit in memory only, never stored.
 */
export async function eventRoutes(
  plainApp: FastifyInstance,
  { model, insights, rateLimitPerMinute }: Options,
) {
  const app = withContract(plainApp);
  app.post(
    '/api/events',
    {
      schema: { body: buildInsightReportSchema(model) },
      config:
        rateLimitPerMinute > 0
          ? { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } }
          : {},
    },
    async (request, reply) => {
      await insights.record(request.body);
      return reply.code(204).send();
    },
  );
}
