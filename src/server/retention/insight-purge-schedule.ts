import type { FastifyInstance } from 'fastify';

const purgeEveryMs = 12 * 60 * 60 * 1000;

/** Deletes the insight events past the time they are kept, once the server is ready and then twice a day. */
export function scheduleInsightPurge(
  app: FastifyInstance,
  insights: { purge: () => Promise<unknown> },
): void {
  let purgeTimer: ReturnType<typeof setInterval> | undefined;
  const purgeInsights = () =>
    insights
      .purge()
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'purging old insight events failed'),
      );
  app.addHook('onReady', async () => {
    void purgeInsights();
    // purgeInsights logs its own failure, and the next run tries again.
    purgeTimer = setInterval(() => void purgeInsights(), purgeEveryMs).unref();
  });
  app.addHook('preClose', async () => clearInterval(purgeTimer));
}
