import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { ApplicationModel } from '#engine/application-schema.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import {
  buildInsightReportSchema,
  type InsightReport,
} from '#engine/insights.ts';
import { stepIdsOf } from '#engine/step-ids.ts';
import type { InsightsRepository } from '../db/insights-repository.ts';
import { withContract } from '../review/contract.ts';
import { applicationLanguageOf } from './application-language.ts';

/** A call's form as this process serves it. */
type ServedForm = { config: WizardConfig; model: ApplicationModel };

type Options = {
  /** The form a call serves now (the call's slug is its `pageId`): reports are checked against it. */
  formOf: (call: string) => ServedForm | undefined;
  insights: InsightsRepository;
  /** Reports per client address per minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
};

const compile = (schema: z.ZodMiniType) =>
  validatorCompiler({
    schema,
    method: 'POST',
    url: '/api/events',
    httpPart: 'body',
  });

const noSuchCallText = 'No such call: expected the slug of a call';

/** What a report naming no call this server serves is refused with. */
const noSuchCall = compile(
  z.looseObject({
    call: z
      .string({ error: noSuchCallText })
      .check(z.refine(() => false, { message: noSuchCallText })),
  }),
);

/**
 * `POST /api/events`: the wizard's anonymous reports. Checked strictly against the form of the
 * call they describe (its steps, its questions), answered once stored. No cookie is read or set,
 * and the address is used by the rate limit in memory only, never stored.
 */
export async function eventRoutes(
  plainApp: FastifyInstance,
  { formOf, insights, rateLimitPerMinute }: Options,
) {
  const app = withContract(plainApp);
  const formNamedBy = (body: unknown) => {
    const call = (body as { call?: unknown } | null)?.call;
    return typeof call === 'string' ? formOf(call) : undefined;
  };
  // A newly published form may have other steps: each report is checked against the form its call
  // serves when it arrives, with one compiled check per version.
  const validators = new WeakMap<
    ApplicationModel,
    ReturnType<typeof validatorCompiler>
  >();
  const validatorOf = (model: ApplicationModel) => {
    let validator = validators.get(model);
    if (!validator) {
      validator = compile(buildInsightReportSchema(model));
      validators.set(model, validator);
    }
    return validator;
  };
  app.post(
    '/api/events',
    {
      // Fastify checks only the parts a schema is given for; the check itself is the call's form's.
      schema: { body: z.looseObject({ call: z.string() }) },
      validatorCompiler: () => (data) => {
        const form = formNamedBy(data);
        return form ? validatorOf(form.model)(data) : noSuchCall(data);
      },
      config:
        rateLimitPerMinute > 0
          ? { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } }
          : {},
    },
    async (request, reply) => {
      const report = request.body as InsightReport;
      const form = formNamedBy(report);
      // Turned off in the form being served: what a page of an earlier version still sends is not kept.
      if (!form?.config.insights)
        return reply.code(404).send({
          error: 'not_found',
          message: 'This form does not count visits.',
        });
      await insights.record(
        report,
        stepIdsOf(form.config),
        applicationLanguageOf(report.visit.language, form.config),
      );
      return reply.code(204).send();
    },
  );
}
