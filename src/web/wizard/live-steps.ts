// Which steps the form renders beside the current one, and how much of each is live: the plan of the
// background work that lets Continue and Back only reveal a step already built. A step's blocks go
// live in chunks, each chunk's fields registering and subscribing in a commit of its own, so that no
// piece of that work is a long task on a slow phone.

import type { Block } from '#engine/config-schema.ts';

/** Rendered steps, each with how many of its chunks are live (0: rendered, its fields' effects waiting). */
export type Built = ReadonlyMap<number, number>;

/** Where the applicant is, and the shape of the form's steps. */
export type Position = {
  stepIndex: number;
  /** False while the form waits hidden behind a text step (Welcome): its current step is built ahead. */
  isShown: boolean;
  /** The number of chunks of each step. */
  chunkCounts: readonly number[];
  /** The first step with a field: the steps before it are text steps the form does not render. */
  firstFormStep: number;
};

/**
 * Roughly what a block's going live costs, in fields registered with the form: a text nothing, a
 * text input or a Yes/No one, a list (with its combobox) or a phone (a calling code's combobox and
 * the number) two, the platforms block two for each platform offered.
 */
export function blockWeight(block: Block, platformCount: number): number {
  switch (block.component) {
    case 'text':
    case 'sectionHeading':
      return 0;
    case 'select':
    case 'phone':
      return 2;
    case 'platforms':
      return 2 * platformCount;
    default:
      return 1;
  }
}

/** The most weight a chunk takes, unless one block weighs more alone. */
const chunkWeight = 4;

/**
 * The chunk of each block, given their weights: blocks in order, a new chunk wherever the next
 * field would take the chunk past `budget`. A block is never split, and a text joins the chunk
 * before it.
 */
export function chunksOf(
  weights: readonly number[],
  budget = chunkWeight,
): number[] {
  let chunk = 0;
  let inChunk = 0;
  return weights.map((weight) => {
    if (inChunk > 0 && weight > 0 && inChunk + weight > budget) {
      chunk += 1;
      inChunk = 0;
    }
    inChunk += weight;
    return chunk;
  });
}

/** The number of chunks in `chunks` (as `chunksOf` answers): at least one, so a step of texts shows. */
export function chunkCount(chunks: readonly number[]): number {
  return (chunks.at(-1) ?? 0) + 1;
}

/**
 * The steps to have built around the current one, in the order their chunks go live: the next one
 * first, which Continue reveals, then the one before. Behind a text step, only the step it leads to.
 */
function stepsAround({
  stepIndex,
  isShown,
  chunkCounts,
  firstFormStep,
}: Position): number[] {
  const steps = isShown
    ? [stepIndex + 1, stepIndex - 1, stepIndex]
    : [stepIndex];
  return steps.filter(
    (index) => index >= firstFormStep && index < chunkCounts.length,
  );
}

/**
 * What to render now: what the background work has built, and the current step, whole and live
 * when it is shown, however far that work had come.
 */
export function inView(built: Built, position: Position): Built {
  const { stepIndex, isShown, chunkCounts } = position;
  const view = new Map(
    [...built].filter(([index]) => index < chunkCounts.length),
  );
  if (stepIndex >= position.firstFormStep && stepIndex < chunkCounts.length)
    view.set(
      stepIndex,
      isShown ? (chunkCounts[stepIndex] ?? 0) : (built.get(stepIndex) ?? 0),
    );
  return view;
}

/**
 * The next piece of background work from `built`, or null when all is done: first the steps around
 * that are not rendered yet (their elements, hidden), then one chunk at a time goes live, then the
 * steps no longer around are let go.
 */
export function nextBuilt(built: Built, position: Position): Built | null {
  const view = inView(built, position);
  const around = stepsAround(position);
  const missing = around.filter((index) => !view.has(index));
  if (missing.length > 0)
    return new Map([...view, ...missing.map((index) => [index, 0] as const)]);
  for (const index of around) {
    const live = view.get(index) ?? 0;
    if (live < (position.chunkCounts[index] ?? 0))
      return new Map([...view, [index, live + 1]]);
  }
  const left = [...view.keys()].filter((index) => !around.includes(index));
  if (left.length > 0)
    return new Map([...view].filter(([index]) => around.includes(index)));
  return view.size === built.size &&
    [...view].every(([index, live]) => built.get(index) === live)
    ? null
    : view;
}
