import type { FastifyInstance } from 'fastify';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
} from 'prom-client';
import type { InsightReport } from '#engine/insights.ts';
import type { StoreHooks } from '../db/application-store.ts';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/storage-fault.ts';
import { isTokenValid } from '../plugins/admin-auth.ts';
import { keepOutOfLog } from '../plugins/request-log.ts';

/** What a request answered without a route of its own is counted under: never its raw address. */
const unmatchedRoute = 'unmatched';

/** The states of an outbox message that an operator watches: waiting, and given up on. */
const watchedStates = ['pending', 'failed'] as const;

/**
 * A gauge's reading from the database, or undefined when the database does not answer: the gauge
 * is then left without a value (the failed query is counted as a database error) and the other
 * metrics are still served.
 */
async function whileReadable<T>(
  gauge: Gauge,
  read: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await read();
  } catch {
    gauge.reset();
    return undefined;
  }
}

/**
 * The server's counters for Prometheus, in a registry of their own: each app (tests build many in
 * one process) counts only what it served. The outbox is read from the database when scraped,
 * so every process of a shared database reports the same queue.
 */
export function createMetrics(database: Database) {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const applicationsStored = new Counter({
    name: 'applications_stored_total',
    help: 'Applications stored (a repeated submission is not counted again), by call.',
    labelNames: ['call'] as const,
    registers: [registry],
  });
  const insightEvents = new Counter({
    name: 'insight_events_total',
    help: "Insight events (visits, steps, refusals…) stored from the wizard's reports.",
    registers: [registry],
  });
  const databaseErrors = new Counter({
    name: 'database_errors_total',
    help: 'Database queries that failed, not counting a refused duplicate key (an expected outcome).',
    registers: [registry],
  });
  new Gauge({
    name: 'outbox_messages',
    help: 'E-mails and webhooks in the outbox, by state: pending (to send) or failed (given up).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const rows = await whileReadable(this, () =>
        database.db
          .selectFrom('outbox')
          .select(({ fn }) => [
            'status',
            fn.countAll<string | number>().as('n'),
          ])
          .where('status', 'in', watchedStates)
          .groupBy('status')
          .execute(),
      );
      if (rows)
        for (const state of watchedStates)
          this.set(
            { state },
            Number(rows.find((row) => row.status === state)?.n ?? 0),
          );
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_seconds',
    help: 'Age of the oldest message still to send; 0 when none waits.',
    registers: [registry],
    async collect() {
      const row = await whileReadable(this, () =>
        database.db
          .selectFrom('outbox')
          .select(({ fn }) => fn.min('created_at').as('oldest'))
          .where('status', '=', 'pending')
          .executeTakeFirst(),
      );
      if (!row) return;
      const oldest = row.oldest ? Date.parse(row.oldest) : Number.NaN;
      this.set(
        Number.isNaN(oldest) ? 0 : Math.max(0, (Date.now() - oldest) / 1000),
      );
    },
  });
  database.onQueryError((error) => {
    if (!isUniqueViolation(error)) databaseErrors.inc();
  });

  return {
    registry,
    requestDuration,
    /** The same hooks, with every newly stored application counted once its transaction commits. */
    countingStores: (hooks: StoreHooks): StoreHooks => ({
      ...hooks,
      afterCommit(created) {
        hooks.afterCommit?.(created);
        for (const { callSlug } of created)
          applicationsStored.inc({ call: callSlug });
      },
    }),
    /** The insights repository's `record`, counting a report's events once they are stored. */
    countingEvents:
      <Rest extends unknown[]>(
        record: (report: InsightReport, ...rest: Rest) => Promise<void>,
      ) =>
      async (report: InsightReport, ...rest: Rest) => {
        await record(report, ...rest);
        insightEvents.inc(report.events.length);
      },
    /** The process's own (memory, CPU, event-loop lag), measured only where someone scrapes them. */
    collectProcessMetrics: () => collectDefaultMetrics({ register: registry }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * `GET /metrics` in Prometheus's text format, for the bearer of `token` alone; without a token
 * it answers 404, so an unset token is never an open door. Every answer's time is
 * counted by its route's pattern (`/apply/:slug`), so a client cannot grow the series with
 * addresses of its own. Registered on the app itself, before the routes, so its hook sees them all.
 */
export function registerMetrics(
  app: FastifyInstance,
  { metrics, token }: { metrics: Metrics; token: string | undefined },
) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? unmatchedRoute,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  if (token !== undefined) metrics.collectProcessMetrics();
  app.get('/metrics', async (request, reply) => {
    // Not a page: without a route of its own it would lead back to the wizard.
    if (token === undefined)
      return reply.code(404).send({
        error: 'not_found',
        message: 'No route for GET /metrics',
      });
    // A scraper asks every few seconds: its requests would fill the log.
    keepOutOfLog(request);
    if (!isTokenValid(request.headers.authorization, token))
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({
        error: 'unauthorized',
        message: 'A valid bearer token is required.',
      });
    return reply
      .type(metrics.registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
