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
import { createNewVisitCounter } from './new-visits-per-address.ts';

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

// UTC days, as the insights repository stores visits under.
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The day before `date`'s UTC day. */
const dayBefore = (date: Date) =>
  dayOf(new Date(date.getTime() - 24 * 60 * 60 * 1000));

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
 * and the address is used by the rate limit and the cap on new visits in memory only, never stored.
 */
export async function eventRoutes(
  plainApp: FastifyInstance,
  { formOf, insights, rateLimitPerMinute }: Options,
) {
  const app = withContract(plainApp);
  const newVisits = createNewVisitCounter();
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
      const visitDay = await insights.dayOfVisit(report.visit.id);
      // Begun on the day before yesterday or earlier: more than a day ago, whatever its events claim.
      if (visitDay !== undefined && visitDay < dayBefore(new Date()))
        return reply.code(400).send({
          error: 'validation',
          issues: [
            {
              path: 'visit.id',
              message:
                'This visit began more than a day ago: its reports are no longer counted.',
            },
          ],
        });
      // Past the day's cap of new visits from this address the report is answered as if counted: the
      // wizard cannot act on a refusal, and a script learns nothing from the answer.
      if (
        visitDay === undefined &&
        !newVisits.admit(request.ip, dayOf(new Date()))
      )
        return reply.code(204).send();
      await insights.record(
        report,
        stepIdsOf(form.config),
        applicationLanguageOf(report.visit.language, form.config),
      );
      return reply.code(204).send();
    },
  );
}
