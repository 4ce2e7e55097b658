import type { FastifyInstance } from 'fastify';
import {
  answerHolding,
  type ApplicationModel,
} from '#engine/application-schema.ts';
import { readInsights, readStepTimes } from '#review-api/insights.ts';
import type { InsightsRepository } from '../db/insights-repository.ts';
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

/** The workspace's Insights: where applicants come from, where they stop, what stops them. */
export async function insightRoutes(
  plainApp: FastifyInstance,
  {
    current,
    insights,
  }: {
    /** The form being served: its steps and questions name what is counted. */
    current: () => { model: ApplicationModel };
    insights: InsightsRepository;
  },
) {
  const app = withContract(plainApp);
  app.addHook('preHandler', requireRole('reviewer'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.route({
    ...routeOf(readInsights),
    handler: async (request) => {
      const period = request.query;
      const { model } = current();
      const { steps } = model.config;
      const counts = await insights.counts(period);
      return {
        visits: counts.visits,
        steps: steps.map((step, index) => ({
          index,
          name: step.name,
          reached: counts.reachedByStep.get(index) ?? 0,
        })),
        submitted: counts.submitted,
        signInClicked: counts.signInClicked,
        refused: counts.refused.map(({ path, count }) => ({
          path,
          question: answerHolding(model, path)?.label ?? path,
          count,
        })),
        sources: counts.sources,
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
    handler: async (request) => {
      const { steps } = current().model.config;
      const times = new Map(
        (await insights.stepTimes(request.query)).map((row) => [row.step, row]),
      );
      // The last step leads nowhere: it has no time to the next.
      return {
        steps: steps.slice(0, -1).map((step, index) => ({
          index,
          name: step.name,
          medianMs: times.get(index)?.medianMs ?? null,
          visits: times.get(index)?.visits ?? 0,
        })),
      };
    },
  });
}
