/**
 * What one batch of a queue's work came to: `full` when it took as many as it may, so more is
 * likely due at once; `partial` when it took fewer; `unreadable` when the queue could not be read,
 * and the next try waits for the poll even if the worker was woken meanwhile.
 */
export type BatchOutcome = 'full' | 'partial' | 'unreadable';

export type PollingWorker = {
  /** Work was just committed: run a batch now rather than at the next poll. */
  wake: () => void;
  /** No batch starts after this; resolves when the running one has ended. */
  stop: () => Promise<void>;
};

/**
 * Runs batches of a queue's work, one at a time: at once, then again at once while a batch comes
 * back full or the worker was woken during it, otherwise `pollMs` after the last one ended or when
 * woken. Its timers do not keep the process alive.
 */
export function startPollingWorker({
  runBatch,
  pollMs,
}: {
  runBatch: () => Promise<BatchOutcome>;
  pollMs: number;
}): PollingWorker {
  let isStopped = false;
  let isAgain = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function run(): Promise<void> {
    do {
      isAgain = false;
      const outcome = await runBatch();
      if (outcome === 'unreadable') return;
      if (outcome === 'full') isAgain = true;
    } while (isAgain && !isStopped);
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    if (isStopped) return;
    timer = setTimeout(() => {
      if (running) {
        isAgain = true;
        return;
      }
      running = run().finally(() => {
        running = null;
        schedule(pollMs);
      });
    }, delayMs);
    timer.unref();
  }

  schedule(0);
  return {
    wake: () => {
      if (running) isAgain = true;
      else schedule(0);
    },
    stop: async () => {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
