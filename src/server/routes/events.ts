import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ApplicationModel } from '#engine/application-schema.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { buildInsightReportSchema } from '#engine/insights.ts';
import type { InsightsRepository } from '../db/insights-repository.ts';
import { withContract } from '../review/contract.ts';

type Options = {
  /** The form being served: reports are checked against its steps and questions. */
  current: () => { config: WizardConfig; model: ApplicationModel };
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
  { current, insights, rateLimitPerMinute }: Options,
) {
  const app = withContract(plainApp);
  // A newly published form may have other steps: each report is checked against the form served
  // when it arrives, with one compiled check per version.
  const validators = new WeakMap<
    ApplicationModel,
    ReturnType<typeof validatorCompiler>
  >();
  const validatorOf = (model: ApplicationModel) => {
    let validator = validators.get(model);
    if (!validator) {
      validator = validatorCompiler({
        schema: buildInsightReportSchema(model),
        method: 'POST',
        url: '/api/events',
        httpPart: 'body',
      });
      validators.set(model, validator);
    }
    return validator;
  };
  app.post(
    '/api/events',
    {
      schema: { body: buildInsightReportSchema(current().model) },
      validatorCompiler: () => (data) => validatorOf(current().model)(data),
      config:
        rateLimitPerMinute > 0
          ? { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } }
          : {},
    },
    async (request, reply) => {
      // Turned off in the form being served: what a page of an earlier version still sends is not kept.
      if (!current().config.insights)
        return reply.code(404).send({
          error: 'not_found',
          message: 'This form does not count visits.',
        });
      await insights.record(request.body);
      return reply.code(204).send();
    },
  );
}
