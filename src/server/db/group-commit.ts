/**
 * Group commit: items that arrive while a batch is being written wait, and go together in the next
 * write; each caller's promise settles only when the write holding its item has finished (for a
 * database write, when its transaction is committed and on disk).
 *
 * The first item of an idle writer waits for the end of the current turn of the event loop, so the
 * requests read in one go (all that queued up during a synchronous SQLite commit) share a batch.
 */
export function createGroupCommit<Item, Result>(
  writeBatch: (items: Item[]) => Promise<Result[]>,
  maxBatchSize: number,
) {
  type Waiting = {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  };
  let queue: Waiting[] = [];
  let isWriting = false;

  async function writeWaiting(): Promise<void> {
    isWriting = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatchSize);
      queue = queue.slice(batch.length);
      try {
        const results = await writeBatch(batch.map((waiting) => waiting.item));
        batch.forEach((waiting, index) =>
          waiting.resolve(results[index] as Result),
        );
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    isWriting = false;
  }

  return {
    write(item: Item): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (queue.length === 1 && !isWriting)
          setImmediate(() => void writeWaiting());
      });
    },
  };
}
