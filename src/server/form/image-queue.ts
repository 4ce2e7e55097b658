/**
 * How many uploads may wait while one image is made. Each holds its file (at most 10 MB) in
 * memory, so four places bound that to 40 MB; three waiting lets an admin drop a phone cover, a
 * desktop cover and a logo at once, or two admins work side by side (docs/decisions/022).
 */
const maxWaitingImages = 3;

/** The line was closed because the server is stopping; what waited in it is not made. */
export class ImageQueueClosed extends Error {
  constructor() {
    super('the server is stopping');
  }
}

/** A place in the line, taken before the upload is read and left once it is answered. */
type Place = {
  /** Waits for the turn, then runs `work`, whose signal aborts when the server begins to stop. */
  run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  leave(): void;
};

export type ImageQueue = ReturnType<typeof createImageQueue>;

/**
 * One image made at a time in this process, and a few more holding a place. Images are made on
 * libuv's threads, which the whole server shares, and an image's decoding can take hundreds of
 * megabytes: side by side, a few uploads would take every thread and all the memory.
 */
export function createImageQueue(waiting = maxWaitingImages) {
  let places = 0;
  let isRunning = false;
  const line: Array<{ go: () => void; cancel: (error: Error) => void }> = [];
  const stopping = new AbortController();

  const takeTurn = () => {
    if (stopping.signal.aborted) return Promise.reject(new ImageQueueClosed());
    if (!isRunning) {
      isRunning = true;
      return Promise.resolve();
    }
    return new Promise<void>((go, cancel) => line.push({ go, cancel }));
  };
  const passTurn = () => {
    const next = line.shift();
    if (next) next.go();
    else isRunning = false;
  };

  return {
    /** A place, or why there is none: the line is full, or the server is stopping. */
    enter(): Place | 'full' | 'closed' {
      if (stopping.signal.aborted) return 'closed';
      if (places > waiting) return 'full';
      places += 1;
      let hasLeft = false;
      return {
        async run(work) {
          await takeTurn();
          try {
            return await work(stopping.signal);
          } finally {
            passTurn();
          }
        },
        leave() {
          if (hasLeft) return;
          hasLeft = true;
          places -= 1;
        },
      };
    },
    /** Takes no more, cancels what waits, and tells the image being made to stop after its step. */
    close(): void {
      if (stopping.signal.aborted) return;
      stopping.abort(new ImageQueueClosed());
      for (const waiter of line.splice(0))
        waiter.cancel(new ImageQueueClosed());
    },
  };
}
