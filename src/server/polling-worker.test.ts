import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  startPollingWorker,
  type BatchOutcome,
  type PollingWorker,
} from './polling-worker.ts';

const pollMs = 1_000;

let ends: Array<(outcome: BatchOutcome) => void> = [];

/** Batches that end only when the test says how: each call waits for the next `end`. */
function heldBatches() {
  const runBatch = vi.fn(
    () => new Promise<BatchOutcome>((resolve) => ends.push(resolve)),
  );
  return {
    runBatch,
    /** Ends the batch that is running, then lets the worker act on it. */
    end: async (outcome: BatchOutcome) => {
      const resolve = ends.shift();
      if (!resolve) throw new Error('no batch is running');
      resolve(outcome);
      await vi.advanceTimersByTimeAsync(0);
    },
    isRunning: () => ends.length > 0,
  };
}

let worker: PollingWorker | undefined;

/** A worker on held batches, once its first batch has begun; `afterEach` stops it. */
async function started() {
  const batches = heldBatches();
  const polling = startPollingWorker({ runBatch: batches.runBatch, pollMs });
  worker = polling;
  await vi.advanceTimersByTimeAsync(0);
  return { ...batches, worker: polling };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  const stopping = worker?.stop();
  worker = undefined;
  for (const end of ends) end('partial');
  ends = [];
  await stopping;
  vi.useRealTimers();
});

test('runs a batch at once, then pollMs after the last one ended', async () => {
  const batches = await started();
  expect(batches.runBatch).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(5 * pollMs);
  expect(batches.runBatch).toHaveBeenCalledTimes(1);
  await batches.end('partial');
  await vi.advanceTimersByTimeAsync(pollMs - 1);
  expect(batches.runBatch).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(batches.runBatch).toHaveBeenCalledTimes(2);
});

test('runs again at once while a batch comes back full', async () => {
  const batches = await started();
  await batches.end('full');
  expect(batches.runBatch).toHaveBeenCalledTimes(2);
  await batches.end('full');
  expect(batches.runBatch).toHaveBeenCalledTimes(3);
  await batches.end('partial');
  expect(batches.isRunning()).toBe(false);
  await vi.advanceTimersByTimeAsync(pollMs);
  expect(batches.runBatch).toHaveBeenCalledTimes(4);
});

test('a wake while idle runs a batch at once instead of at the poll', async () => {
  const batches = await started();
  await batches.end('partial');
  batches.worker.wake();
  await vi.advanceTimersByTimeAsync(0);
  expect(batches.runBatch).toHaveBeenCalledTimes(2);
});

test('a wake during a batch runs another right after it, and only one at a time', async () => {
  const batches = await started();
  batches.worker.wake();
  batches.worker.wake();
  await vi.advanceTimersByTimeAsync(0);
  expect(batches.runBatch).toHaveBeenCalledTimes(1);
  await batches.end('partial');
  expect(batches.runBatch).toHaveBeenCalledTimes(2);
  await batches.end('partial');
  expect(batches.isRunning()).toBe(false);
});

test('after an unreadable queue it waits for the poll, even when woken during the batch', async () => {
  const batches = await started();
  batches.worker.wake();
  await batches.end('unreadable');
  expect(batches.runBatch).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(pollMs);
  expect(batches.runBatch).toHaveBeenCalledTimes(2);
});

test('stop waits for the running batch and starts no other', async () => {
  const batches = await started();
  let isStopped = false;
  const stopping = batches.worker.stop().then(() => {
    isStopped = true;
  });
  batches.worker.wake();
  await vi.advanceTimersByTimeAsync(0);
  expect(isStopped).toBe(false);
  await batches.end('full');
  await stopping;
  expect(isStopped).toBe(true);
  await vi.advanceTimersByTimeAsync(10 * pollMs);
  expect(batches.runBatch).toHaveBeenCalledTimes(1);
  expect(vi.getTimerCount()).toBe(0);
});

test('its timers do not keep the process alive', async () => {
  const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
  const batches = await started();
  await batches.end('partial');
  const timers = setTimeoutSpy.mock.results.map(
    (result) => result.value as NodeJS.Timeout,
  );
  expect(timers.length).toBeGreaterThanOrEqual(2);
  expect(timers.filter((timer) => timer.hasRef())).toEqual([]);
});
