import type { FastifyBaseLogger } from 'fastify';
import { platformNames } from '#engine/platforms.ts';
import { startPollingWorker, type PollingWorker } from '../polling-worker.ts';
import {
  handleOf,
  type Answer,
  type LookedUpPlatform,
  type LookUpFn,
} from './look-up.ts';
import type {
  ClaimedCheck,
  PauseReason,
  ReachQueue,
  Settled,
} from './reach-queue.ts';

export type ReachWorkerOptions = {
  queue: ReachQueue;
  lookUps: Partial<Record<LookedUpPlatform, LookUpFn>>;
  log: FastifyBaseLogger;
  now?: () => Date;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  /** How long a platform's queue waits when its budget is spent and it did not say how long. */
  pauseMs?: number;
  /** How long it waits after refusing the organisation's credential, before trying it again. */
  credentialPauseMs?: number;
};

/**
 * Works the look-ups' queue: claims a batch of due rows of the platforms not waiting, asks each
 * platform, records the outcome, and looks again at once while there is more. A spent budget or a
 * refused credential makes the platform's whole queue wait (the rows it held are given back
 * uncharged), so a burst of applications meets a rate limit as a pause, never as an error. The log
 * names applications by id and platform only: handles, answers and credentials stay out of it.
 */
export function startReachWorker({
  queue,
  lookUps,
  log,
  now = () => new Date(),
  pollMs = 2_000,
  batchSize = 10,
  leaseMs = 60_000,
  pauseMs = 15 * 60_000,
  credentialPauseMs = 60 * 60_000,
}: ReachWorkerOptions): PollingWorker {
  const platforms = Object.keys(lookUps) as LookedUpPlatform[];
  let paused = new Map<LookedUpPlatform, Date>();
  // Rows whose retrying this process has logged: once when it starts failing, not at every try.
  const failing = new Set<string>();

  async function pause(
    platform: LookedUpPlatform,
    waitMs: number,
    reason: PauseReason,
    why: string,
  ) {
    const at = now();
    // Several look-ups of one batch meet the same limit: the first one's pause stands.
    const known = paused.get(platform);
    if (known && known > at) return;
    const until = new Date(at.getTime() + waitMs);
    paused.set(platform, until);
    await queue.pause(platform, until, reason);
    const about = { platform, until: until.toISOString() };
    if (reason === 'credentials')
      log.error(
        { ...about, reason: why },
        `${platformNames[platform]} refused the organisation's credentials: replace them and restart; its look-ups wait`,
      );
    else
      log.warn(
        about,
        `${platformNames[platform]}'s rate limit reached: its look-ups wait`,
      );
  }

  /** What a look-up ends in other than a platform's word on the handle; the words are settled together. */
  async function recordOther(check: ClaimedCheck, answer: Answer) {
    switch (answer.kind) {
      case 'rate_limited':
        await pause(
          check.platform,
          answer.waitMs ?? pauseMs,
          'rate_limit',
          'rate limit',
        );
        await queue.release(check);
        return;
      case 'bad_credentials':
        await pause(
          check.platform,
          credentialPauseMs,
          'credentials',
          answer.reason,
        );
        await queue.release(check);
        return;
      case 'error': {
        const outcome = await queue.markFailedAttempt(check, answer.reason);
        if (outcome === 'retrying' && failing.has(check.id)) return;
        if (outcome === 'retrying') failing.add(check.id);
        else failing.delete(check.id);
        log[outcome === 'failed' ? 'error' : 'warn'](
          {
            applicationId: check.applicationId,
            platform: check.platform,
            attempts: check.attempts,
            reason: answer.reason,
          },
          outcome === 'failed'
            ? 'reach look-up failed for good'
            : 'reach look-up will be retried',
        );
        return;
      }
      default:
        if (answer.spent)
          await pause(
            check.platform,
            answer.spent.waitMs ?? pauseMs,
            'rate_limit',
            'usage near its limit',
          );
    }
  }

  const settledOf = (answer: Answer): Settled | null => {
    if (answer.kind === 'verified')
      return {
        status: 'verified',
        followers: answer.followers,
        engagementRate: answer.engagementRate,
      };
    if (answer.kind === 'not_found' || answer.kind === 'not_public')
      return { status: answer.kind };
    return null;
  };

  async function work(claimed: readonly ClaimedCheck[]) {
    const answered = await Promise.all(
      claimed.map(async (check) => {
        const lookUp = lookUps[check.platform];
        const handle = handleOf(check.handle);
        const answer: Answer =
          handle === null || !lookUp
            ? { kind: 'not_found' }
            : await lookUp(handle);
        return { check, answer };
      }),
    );
    try {
      await queue.settle(
        answered.flatMap(({ check, answer }) => {
          const settled = settledOf(answer);
          return settled ? [{ check, settled }] : [];
        }),
      );
      for (const { check, answer } of answered) {
        if (settledOf(answer)) failing.delete(check.id);
        await recordOther(check, answer);
      }
    } catch (error) {
      // The database is away: the leases lapse and the rows are claimed again.
      log.error({ err: error }, 'cannot record reach look-ups');
    }
  }

  return startPollingWorker({
    pollMs,
    runBatch: async () => {
      let claimed: ClaimedCheck[];
      try {
        paused = await queue.pauses();
        const open = platforms.filter((platform) => !paused.has(platform));
        claimed = await queue.claim(open, batchSize, leaseMs);
      } catch (error) {
        log.error({ err: error }, 'cannot read the reach queue');
        return 'unreadable';
      }
      await work(claimed);
      return claimed.length === batchSize ? 'full' : 'partial';
    },
  });
}
