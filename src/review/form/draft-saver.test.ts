import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createDraftSaver, type Draft, type SaveState } from './draft-saver.ts';

/** A saver whose saves wait until the test answers them, and what it said of itself. */
function saverUnderTest() {
  const saves: Array<{
    draft: Draft;
    answer: () => void;
    fail: () => void;
  }> = [];
  const states: SaveState[] = [];
  const saver = createDraftSaver({
    save: (draft) =>
      new Promise<void>((resolve, reject) =>
        saves.push({
          draft,
          answer: resolve,
          fail: () => reject(new Error('refused')),
        }),
      ),
    onState: (state) => states.push(state),
    delayMs: 600,
  });
  return { saver, saves, states };
}

const draft = (title: string): Draft => ({ config: { title }, baseVersion: 1 });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('saves the newest draft once, a moment after the last change', async () => {
  const { saver, saves, states } = saverUnderTest();
  saver.changed(draft('a'));
  await vi.advanceTimersByTimeAsync(500);
  saver.changed(draft('ab'));
  await vi.advanceTimersByTimeAsync(599);
  expect(saves).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(1);
  expect(saves.map((save) => save.draft)).toEqual([draft('ab')]);
  saves[0]?.answer();
  await vi.advanceTimersByTimeAsync(0);
  expect(states.at(-1)).toBe('saved');
  expect(saver.takeUnsaved()).toBeNull();
});

test('a change during a save is saved after it, never beside it', async () => {
  const { saver, saves, states } = saverUnderTest();
  saver.changed(draft('a'));
  await vi.advanceTimersByTimeAsync(600);
  saver.changed(draft('ab'));
  await vi.advanceTimersByTimeAsync(600);
  // The second waits for the first.
  expect(saves).toHaveLength(1);
  saves[0]?.answer();
  await vi.advanceTimersByTimeAsync(0);
  expect(saves.map((save) => save.draft)).toEqual([draft('a'), draft('ab')]);
  expect(states.at(-1)).toBe('saving');
  saves[1]?.answer();
  await vi.advanceTimersByTimeAsync(0);
  expect(states.at(-1)).toBe('saved');
});

test('a failed save says so and keeps the draft to send as the page closes', async () => {
  const { saver, saves, states } = saverUnderTest();
  saver.changed(draft('a'));
  await vi.advanceTimersByTimeAsync(600);
  saves[0]?.fail();
  await vi.advanceTimersByTimeAsync(0);
  expect(states.at(-1)).toBe('failed');
  expect(saver.takeUnsaved()).toEqual(draft('a'));
  expect(saver.takeUnsaved()).toBeNull();
});

test('forgetting drops the waiting draft and settles after the save under way', async () => {
  const { saver, saves, states } = saverUnderTest();
  saver.changed(draft('a'));
  await vi.advanceTimersByTimeAsync(600);
  saver.changed(draft('ab'));
  let settled = false;
  const forgotten = saver.forget().then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  expect(settled).toBe(false);
  saves[0]?.answer();
  await forgotten;
  await vi.advanceTimersByTimeAsync(1000);
  expect(saves).toHaveLength(1);
  expect(states.at(-1)).toBe('saved');
  expect(saver.takeUnsaved()).toBeNull();
});
