import type { Block, Step, WizardConfig } from './config-schema.ts';
import { isSameJson } from './same-json.ts';

/** Two lists' items paired: each pair an index in the first and in the second. */
export type Pairing = {
  /** By index in the first list, ascending. */
  pairs: Array<[before: number, after: number]>;
  /** Indices in the first list with no partner: removed. */
  removed: number[];
  /** Indices in the second list with no partner: added. */
  added: number[];
};

/** Whether an item of the first list and one of the second are the same item. */
type SameTest<T> = (before: T, after: T) => boolean;

/**
 * Pairs the items of two versions of a list that have no ids. Each test, strictest first, pairs
 * what it judges the same among the items still unpaired, each item with the first candidate in
 * order; so an item that only moved is found by its content wherever it went, before a looser test
 * (the same name, the same place) can take it for another.
 */
function pairItems<T>(
  before: readonly T[],
  after: readonly T[],
  tests: ReadonlyArray<SameTest<T>>,
): Pairing {
  const partnerOf = new Map<number, number>();
  const taken = new Set<number>();
  for (const isSame of tests)
    before.forEach((item, index) => {
      if (partnerOf.has(index)) return;
      const partner = after.findIndex(
        (candidate, candidateIndex) =>
          !taken.has(candidateIndex) && isSame(item, candidate),
      );
      if (partner === -1) return;
      partnerOf.set(index, partner);
      taken.add(partner);
    });
  return {
    pairs: [...partnerOf].sort(([first], [second]) => first - second),
    removed: before.flatMap((_, index) =>
      partnerOf.has(index) ? [] : [index],
    ),
    added: after.flatMap((_, index) => (taken.has(index) ? [] : [index])),
  };
}

/**
 * The pairs that moved: those outside the longest run that kept its order. Of two runs as long,
 * the one keeping items nearer the start is kept, so of two neighbours that swapped places the
 * later one is the one that moved ("C before B", not "B after C").
 */
export function movedPairs(
  pairs: ReadonlyArray<[before: number, after: number]>,
): Array<[before: number, after: number]> {
  const lengths: number[] = [];
  const previous: number[] = [];
  pairs.forEach(([, position], index) => {
    let best = -1;
    for (let earlier = 0; earlier < index; earlier += 1)
      if (
        (pairs[earlier]?.[1] ?? Infinity) < position &&
        (best === -1 || (lengths[earlier] ?? 0) > (lengths[best] ?? 0))
      )
        best = earlier;
    lengths.push(best === -1 ? 1 : (lengths[best] ?? 0) + 1);
    previous.push(best);
  });
  let last = -1;
  lengths.forEach((length, index) => {
    if (last === -1 || length > (lengths[last] ?? 0)) last = index;
  });
  const kept = new Set<number>();
  for (let index = last; index !== -1; index = previous[index] ?? -1)
    kept.add(index);
  return pairs.filter((_, index) => !kept.has(index));
}

/** A question's answer key; other blocks have none. */
export const pathOf = (block: Block) =>
  'path' in block.data ? block.data.path : undefined;

/** A question's label; texts and headings have none. */
export const labelOf = (block: Block) =>
  'label' in block.data ? block.data.label : undefined;

/** Steps have no ids: a step is found again by its content first, then its name, then a question it kept. */
export function pairSteps(
  before: readonly Step[],
  after: readonly Step[],
): Pairing {
  const questions = (step: Step) =>
    new Set(step.blocks.map(pathOf).filter((path) => path !== undefined));
  const paired = pairItems(before, after, [
    (first, second) =>
      first.name === second.name && isSameJson(first.blocks, second.blocks),
    (first, second) =>
      first.blocks.length > 0 && isSameJson(first.blocks, second.blocks),
    (first, second) => first.name === second.name,
    (first, second) => {
      const kept = questions(second);
      return [...questions(first)].some((path) => kept.has(path));
    },
  ]);
  // As many left on each side: the same steps, renamed and edited where they stand.
  if (
    paired.removed.length === 0 ||
    paired.removed.length !== paired.added.length
  )
    return paired;
  return {
    pairs: [
      ...paired.pairs,
      ...paired.removed.map((index, order): [number, number] => [
        index,
        paired.added[order] ?? 0,
      ]),
    ].sort(([first], [second]) => first - second),
    removed: [],
    added: [],
  };
}

/** A block where it stands in its form. */
type Placed = { step: number; index: number; block: Block };

/** Every block of a form with the step and the place it stands in. */
export const placedBlocks = (config: WizardConfig): Placed[] =>
  config.steps.flatMap((step, stepIndex) =>
    step.blocks.map((block, index) => ({
      step: stepIndex,
      index,
      block,
    })),
  );

/**
 * Blocks have no ids either: a block is found again unchanged (in its step, then anywhere), then as
 * the question of the same answer key, or of the same label, then as a text of the same kind edited
 * where it stands.
 */
export function pairBlocks(
  before: readonly Placed[],
  after: readonly Placed[],
  stepPartner: ReadonlyMap<number, number>,
): Pairing {
  const inSameStep = (first: Placed, second: Placed) =>
    stepPartner.get(first.step) === second.step;
  return pairItems(before, after, [
    (first, second) =>
      inSameStep(first, second) && isSameJson(first.block, second.block),
    (first, second) => isSameJson(first.block, second.block),
    (first, second) =>
      pathOf(first.block) !== undefined &&
      pathOf(first.block) === pathOf(second.block),
    (first, second) =>
      first.block.component === second.block.component &&
      labelOf(first.block) !== undefined &&
      labelOf(first.block) === labelOf(second.block),
    (first, second) =>
      pathOf(first.block) === undefined &&
      first.block.component === second.block.component &&
      inSameStep(first, second),
  ]);
}
