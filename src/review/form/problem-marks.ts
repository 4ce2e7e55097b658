import type { WizardConfig } from '#engine/config-schema.ts';
import { blockTitle } from './block-kinds.ts';
import {
  sectionOfPath,
  sections,
  type EditorSelection,
} from './editor-selection.ts';
import { blockRow, stepRow } from './outline-keys.ts';
import type { Problem } from './problem-words.ts';

/** How many problems each outline row has: a block's own, a step's own and its blocks'. */
export function problemCounts(
  problems: readonly Problem[],
): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  const add = (row: string) => counts.set(row, (counts.get(row) ?? 0) + 1);
  for (const { step, block } of problems) {
    if (step === undefined) continue;
    add(stepRow(step));
    if (block !== undefined) add(blockRow(step, block));
  }
  return counts;
}

/**
 * What to open to fix a problem: its block, its step, or the settings section of its field (the
 * outline keeping its place meanwhile).
 */
export function selectionOfProblem(
  problem: Problem,
  current: EditorSelection,
): EditorSelection {
  if (problem.step !== undefined)
    return {
      section: 'steps',
      step: problem.step,
      block: problem.block ?? null,
    };
  return { ...current, section: sectionOfPath(problem.path) };
}

/** "1 problem", "3 problems". */
export const problemsWord = (count: number) =>
  `${count} problem${count === 1 ? '' : 's'}`;

/** Where a problem is, in words: "Step 2, General Information: Country", or its settings section. */
export function problemPlace(problem: Problem, config: WizardConfig): string {
  if (problem.step === undefined) {
    const section = sectionOfPath(problem.path);
    return sections.find(([name]) => name === section)?.[1] ?? 'The form';
  }
  const step = config.steps[problem.step];
  if (!step) return 'The steps';
  const block =
    problem.block === undefined ? undefined : step.blocks[problem.block];
  return `Step ${problem.step + 1}, ${step.name}${block ? `: ${blockTitle(block)}` : ''}`;
}
