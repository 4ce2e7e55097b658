import { expect, test } from 'vitest';
import { createImageQueue, ImageQueueClosed } from './image-queue.ts';

/** A piece of work that runs until the test lets it finish, and records when it began. */
function heldWork(started: string[], name: string) {
  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let seen: AbortSignal | undefined;
  return {
    work: async (signal: AbortSignal) => {
      seen = signal;
      started.push(name);
      await finished;
      return name;
    },
    finish: () => finish(),
    signal: () => seen,
  };
}

/** Lets every promise that can settle do so. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

const placeIn = (queue: ReturnType<typeof createImageQueue>) => {
  const place = queue.enter();
  if (typeof place === 'string') throw new Error(`no place: ${place}`);
  return place;
};

test('makes one image at a time, in the order they came', async () => {
  const queue = createImageQueue(3);
  const started: string[] = [];
  const works = ['a', 'b', 'c'].map((name) => heldWork(started, name));
  const runs = works.map(({ work }) => placeIn(queue).run(work));
  await settled();
  expect(started).toEqual(['a']);

  works[1]?.finish();
  await settled();
  expect(started).toEqual(['a']);
  works[0]?.finish();
  expect(await runs[0]).toBe('a');
  expect(await runs[1]).toBe('b');
  await settled();
  expect(started).toEqual(['a', 'b', 'c']);
  works[2]?.finish();
  expect(await runs[2]).toBe('c');
});

test('is full with one image being made and three more holding a place, and has room again when one leaves', () => {
  const queue = createImageQueue(3);
  const places = [1, 2, 3, 4].map(() => placeIn(queue));
  expect(queue.enter()).toBe('full');
  places[0]?.leave();
  // Leaving twice frees one place, not two.
  places[0]?.leave();
  expect(typeof queue.enter()).toBe('object');
  expect(queue.enter()).toBe('full');
});

test('closing cancels what waits, tells the running work to stop, and takes nothing new', async () => {
  const queue = createImageQueue(3);
  const started: string[] = [];
  const running = heldWork(started, 'running');
  const waiting = heldWork(started, 'waiting');
  const first = placeIn(queue).run(running.work);
  const reading = placeIn(queue);
  const second = placeIn(queue).run(waiting.work);
  await settled();

  queue.close();

  await expect(second).rejects.toBeInstanceOf(ImageQueueClosed);
  expect(running.signal()?.aborted).toBe(true);
  expect(running.signal()?.reason).toBeInstanceOf(ImageQueueClosed);
  // An upload still being read when the server began to stop never gets its turn.
  await expect(reading.run(waiting.work)).rejects.toBeInstanceOf(
    ImageQueueClosed,
  );
  expect(queue.enter()).toBe('closed');
  expect(started).toEqual(['running']);
  running.finish();
  expect(await first).toBe('running');
});
