import { expect, test } from 'vitest';
import type { Block } from '#engine/config-schema.ts';
import { exampleWith } from '../../../tests/support/wizard-configs.ts';
import {
  blockWeight,
  chunkCount,
  chunksOf,
  inView,
  nextBuilt,
  type Built,
  type Position,
} from './live-steps.ts';

/** Every piece of background work from `built` until none is left. */
function pieces(built: Built, position: Position): Built[] {
  const done: Built[] = [];
  for (let next = nextBuilt(built, position); next;) {
    done.push(next);
    if (done.length > 50) throw new Error('the work never ends');
    next = nextBuilt(next, position);
  }
  return done;
}

const entries = (built: Built) => [...built].sort(([a], [b]) => a - b);

test('blocks fill a chunk up to its weight; a text joins the chunk before it; a heavy block stands alone', () => {
  expect(chunksOf([1, 1, 2, 1, 2, 2, 6], 4)).toEqual([0, 0, 0, 1, 1, 2, 3]);
  expect(chunksOf([0, 1, 0, 1, 1, 1, 1, 0], 4)).toEqual([
    0, 0, 0, 0, 0, 0, 1, 1,
  ]);
  expect(chunksOf([6, 1], 4)).toEqual([0, 1]);
  expect(chunkCount(chunksOf([0, 0], 4))).toBe(1);
  expect(chunkCount([])).toBe(1);
});

test("the example's General Information goes live in several chunks, none past the weight of one", () => {
  const config = exampleWith();
  const platformCount = config.platforms.offered.length;
  const blocks: readonly Block[] = config.steps[1]?.blocks ?? [];
  const weights = blocks.map((block) => blockWeight(block, platformCount));
  const chunks = chunksOf(weights);
  expect(chunkCount(chunks)).toBeGreaterThanOrEqual(3);
  const perChunk = new Map<number, number>();
  chunks.forEach((chunk, index) =>
    perChunk.set(chunk, (perChunk.get(chunk) ?? 0) + (weights[index] ?? 0)),
  );
  for (const [chunk, weight] of perChunk) {
    const isAlone = chunks.filter((other) => other === chunk).length === 1;
    if (!isAlone) expect(weight).toBeLessThanOrEqual(4);
  }
});

// Welcome (text), General Information (3 chunks), More Details (4), a closing text step (1).
const chunkCounts = [1, 3, 4, 1];
const at = (stepIndex: number, isShown = true): Position => ({
  stepIndex,
  isShown,
  chunkCounts,
  firstFormStep: 1,
});

test('behind Welcome, the step it leads to is rendered at once and goes live one chunk at a time', () => {
  expect(entries(inView(new Map(), at(1, false)))).toEqual([[1, 0]]);
  expect(pieces(new Map(), at(1, false)).map(entries)).toEqual([
    [[1, 1]],
    [[1, 2]],
    [[1, 3]],
  ]);
});

test('on a shown step: the steps around are rendered first, then the next one goes live chunk by chunk, then the one before', () => {
  const built: Built = new Map([
    [1, 3],
    [2, 4],
  ]);
  expect(pieces(built, at(2)).map(entries)).toEqual([
    [
      [1, 3],
      [2, 4],
      [3, 0],
    ],
    [
      [1, 3],
      [2, 4],
      [3, 1],
    ],
  ]);
  expect(entries(inView(new Map([[1, 3]]), at(2)))).toEqual([
    [1, 3],
    [2, 4],
  ]);
});

test('an applicant who moves on before the work is done finds the step whole and live at once; the work goes on from there', () => {
  // Continue on Welcome after one chunk of three.
  const built: Built = new Map([[1, 1]]);
  expect(entries(inView(built, at(1)))).toEqual([[1, 3]]);
  const after = pieces(built, at(1));
  expect(after.map(entries)).toEqual([
    [
      [1, 3],
      [2, 0],
    ],
    [
      [1, 3],
      [2, 1],
    ],
    [
      [1, 3],
      [2, 2],
    ],
    [
      [1, 3],
      [2, 3],
    ],
    [
      [1, 3],
      [2, 4],
    ],
  ]);
  // Never a chunk taken back from what was in view before.
  let previous = inView(built, at(1));
  for (const next of after) {
    for (const [index, live] of previous)
      expect(next.get(index) ?? 0).toBeGreaterThanOrEqual(live);
    previous = next;
  }
});

test('Back: the step no longer around is let go last, after the steps around are live', () => {
  const built: Built = new Map([
    [1, 3],
    [2, 4],
    [3, 1],
  ]);
  expect(pieces(built, at(1)).map(entries)).toEqual([
    [
      [1, 3],
      [2, 4],
    ],
  ]);
});

test('when everything around is live, there is no more work', () => {
  expect(
    nextBuilt(
      new Map([
        [1, 3],
        [2, 4],
      ]),
      at(1),
    ),
  ).toBeNull();
  expect(nextBuilt(new Map([[1, 3]]), at(1, false))).toBeNull();
});

test('a step the form lost (the editor took it out) is not rendered', () => {
  expect(
    entries(
      inView(
        new Map([
          [1, 3],
          [5, 2],
        ]),
        at(1),
      ),
    ),
  ).toEqual([[1, 3]]);
});
