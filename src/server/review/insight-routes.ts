import type { FastifyInstance } from 'fastify';
import {
  answerHolding,
  type ApplicationModel,
} from '#engine/application-schema.ts';
import { readInsights, readStepTimes } from '#review-api/insights.ts';
import type { InsightsRepository } from '../db/insights-repository.ts';
import { stepsOfPeriod, type VersionStep } from './insight-steps.ts';
import { requireRole } from '../staff/staff-auth.ts';
import { routeOf, withContract } from './contract.ts';

/** Every UTC day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= to;
    day.setUTCDate(day.getUTCDate() + 1)
  )
    days.push(day.toISOString().slice(0, 10));
  return days;
}

type Options = {
  /** The form a call serves now (without a call, the default call's): its questions name refusals. */
  formOf: (call: string | undefined) => { model: ApplicationModel } | undefined;
  /** Each version's steps of a call's form (without a call, the default call's), newest first. */
  stepsOf: (call: string | undefined) => Promise<VersionStep[][]>;
  insights: InsightsRepository;
};

const noSuchCall = (call: string | undefined) => ({
  error: 'not_found',
  message: `No call has the address "${call}"`,
});

/** The workspace's Insights: where applicants come from, where they stop, what stops them. */
export async function insightRoutes(
  plainApp: FastifyInstance,
  { formOf, stepsOf, insights }: Options,
) {
  const app = withContract(plainApp);
  app.addHook('preHandler', requireRole('reviewer'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.route({
    ...routeOf(readInsights),
    handler: async (request, reply) => {
      const period = request.query;
      const form = formOf(period.call);
      if (!form) return reply.code(404).send(noSuchCall(period.call));
      const [counts, versions, languages] = await Promise.all([
        insights.counts(period),
        stepsOf(period.call),
        insights.byLanguage(period),
      ]);
      const steps = stepsOfPeriod(
        versions,
        new Set(counts.reachedByStep.keys()),
      );
      return {
        visits: counts.visits,
        steps: steps.map((step, index) => ({
          index,
          ...step,
          reached: counts.reachedByStep.get(step.id) ?? 0,
        })),
        submitted: counts.submitted,
        signInClicked: counts.signInClicked,
        refused: counts.refused.map(({ path, count }) => ({
          path,
          question: answerHolding(form.model, path)?.label ?? path,
          count,
        })),
        sources: counts.sources,
        languages,
        daily: daysOf(period.from, period.to).map((date) => ({
          date,
          visits: counts.visitsByDay.get(date) ?? 0,
          submitted: counts.submittedByDay.get(date) ?? 0,
        })),
      };
    },
  });

  app.route({
    ...routeOf(readStepTimes),
    handler: async (request, reply) => {
      const period = request.query;
      if (!formOf(period.call))
        return reply.code(404).send(noSuchCall(period.call));
      const [rows, versions] = await Promise.all([
        insights.stepTimes(period),
        stepsOf(period.call),
      ]);
      const times = new Map(rows.map((row) => [row.step, row]));
      // The last step leads nowhere: it has no time to the next.
      const last = versions[0]?.at(-1)?.id;
      const steps = stepsOfPeriod(versions, new Set(times.keys())).filter(
        (step) => step.id !== last,
      );
      return {
        steps: steps.map((step, index) => ({
          index,
          ...step,
          medianMs: times.get(step.id)?.medianMs ?? null,
          visits: times.get(step.id)?.visits ?? 0,
        })),
      };
    },
  });
}
