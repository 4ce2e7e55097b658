import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env.ts';
import type { StoreHooks } from '../db/application-store.ts';
import type { Database } from '../db/database.ts';
import type { RetryPolicy } from '../notifications/outbox.ts';
import { instagramLookUp } from './instagram.ts';
import type { LookedUpPlatform, LookUpFn } from './look-up.ts';
import { createReachQueue } from './reach-queue.ts';
import type { PollingWorker } from '../polling-worker.ts';
import { startReachWorker, type ReachWorkerOptions } from './reach-worker.ts';
import { youtubeLookUp } from './youtube.ts';

/** The organisation's credentials for each platform; a platform without them is not looked up. */
export type ReachOptions = {
  instagram?:
    { baseUrl: string; accountId: string; accessToken: string } | undefined;
  youtube?: { baseUrl: string; apiKey: string } | undefined;
  /** The requests' `fetch` (a test may count them). */
  fetch?: typeof fetch;
  retry?: RetryPolicy;
  worker?: Pick<
    ReachWorkerOptions,
    'pollMs' | 'batchSize' | 'leaseMs' | 'pauseMs' | 'credentialPauseMs'
  >;
};

/** The platforms' settings from the environment: a platform whose credentials are not set is off. */
export function reachOptionsOf(env: Env): ReachOptions {
  return {
    instagram:
      env.INSTAGRAM_ACCOUNT_ID && env.INSTAGRAM_ACCESS_TOKEN
        ? {
            baseUrl: env.GRAPH_API_URL,
            accountId: env.INSTAGRAM_ACCOUNT_ID,
            accessToken: env.INSTAGRAM_ACCESS_TOKEN,
          }
        : undefined,
    youtube: env.YOUTUBE_API_KEY
      ? { baseUrl: env.YOUTUBE_API_URL, apiKey: env.YOUTUBE_API_KEY }
      : undefined,
  };
}

/**
 * Verified reach: each stored application's handles are looked up on the platforms the
 * organisation has credentials for, after the application is stored and answered.
 */
export function createReach(
  database: Database,
  options: ReachOptions = {},
  now: () => Date = () => new Date(),
) {
  const lookUps: Partial<Record<LookedUpPlatform, LookUpFn>> = {};
  const clock = () => now().getTime();
  if (options.instagram)
    lookUps.instagram = instagramLookUp({
      ...options.instagram,
      ...(options.fetch && { fetch: options.fetch }),
      now: clock,
    });
  if (options.youtube)
    lookUps.youtube = youtubeLookUp({
      ...options.youtube,
      ...(options.fetch && { fetch: options.fetch }),
      now: clock,
    });
  const configured = new Set(Object.keys(lookUps) as LookedUpPlatform[]);
  const queue = createReachQueue(database, {
    configured,
    now,
    ...(options.retry && { retry: options.retry }),
  });
  let worker: PollingWorker | undefined;

  return {
    queue,
    /** The platforms looked up: those the organisation has credentials for. */
    lookedUp: [...configured],
    /** The same hooks, with each new application's look-ups queued in its transaction. */
    storeHooks: (hooks: StoreHooks): StoreHooks => ({
      ...hooks,
      async inTransaction(transaction, created) {
        await hooks.inTransaction?.(transaction, created);
        await queue.enqueue(transaction, created);
      },
      afterCommit(created) {
        hooks.afterCommit?.(created);
        worker?.wake();
      },
    }),
    wake: () => worker?.wake(),
    /** Starts looking up; says once which platforms are off and why. */
    async start(log: FastifyBaseLogger) {
      if (!lookUps.instagram)
        log.info(
          'Instagram look-ups are off: INSTAGRAM_ACCOUNT_ID and INSTAGRAM_ACCESS_TOKEN are not both set',
        );
      if (!lookUps.youtube)
        log.info('YouTube look-ups are off: YOUTUBE_API_KEY is not set');
      if (configured.size === 0) return;
      await queue.resume();
      worker = startReachWorker({
        queue,
        lookUps,
        log,
        now,
        ...options.worker,
      });
    },
    async stop() {
      await worker?.stop();
    },
  };
}

export type Reach = ReturnType<typeof createReach>;
