import type { WizardConfig } from '#engine/config-schema.ts';
import { removeBlock } from './block-factory.ts';
import { blockTitle } from './block-kinds.ts';
import type { BlockPlace, OutlineChange } from './editor-selection.ts';
import { blockRow, stepRow } from './outline-keys.ts';
import { moveTranslations } from './translation-paths.ts';

/**
 * A move or a removal in the outline, made to the form: the step or block leaves its place and,
 * unless removed, is put at `to` (its place once moved). An addition (`from` null) brings its own
 * new step or block, so it is made by whoever creates it.
 */
export function applyOutlineChange(
  draft: WizardConfig,
  change: OutlineChange,
): void {
  moveParts(draft, change);
  moveTranslations(draft, change);
}

function moveParts(draft: WizardConfig, change: OutlineChange): void {
  if (change.kind === 'step') {
    if (change.from === null) return;
    const [step] = draft.steps.splice(change.from, 1);
    if (step && change.to !== null) draft.steps.splice(change.to, 0, step);
    return;
  }
  const { from, to } = change;
  if (!from) return;
  // A removed block takes its own rules along.
  if (!to) return removeBlock(draft, from.step, from.index);
  const [block] = draft.steps[from.step]?.blocks.splice(from.index, 1) ?? [];
  if (block) draft.steps[to.step]?.blocks.splice(to.index, 0, block);
}

/** The place a block moved to the end of a step lands on: its own step's last, or after another's. */
export function endOfStep(
  config: WizardConfig,
  from: BlockPlace,
  toStep: number,
): BlockPlace {
  const length = config.steps[toStep]?.blocks.length ?? 0;
  return {
    step: toStep,
    index: toStep === from.step ? length - 1 : length,
  };
}

/** A move one place up or down within its list, or null at the list's end. */
function stepMoveBy(
  config: WizardConfig,
  from: number,
  by: -1 | 1,
): OutlineChange | null {
  const to = from + by;
  return to < 0 || to >= config.steps.length
    ? null
    : { kind: 'step', from, to };
}

function blockMoveBy(
  config: WizardConfig,
  from: BlockPlace,
  by: -1 | 1,
): OutlineChange | null {
  const to = from.index + by;
  const length = config.steps[from.step]?.blocks.length ?? 0;
  return to < 0 || to >= length
    ? null
    : { kind: 'block', from, to: { step: from.step, index: to } };
}

/** A row's action in its menu, as the change it makes. */
export type RowAction = { label: string; change: OutlineChange };

/** A step's actions: up, down, remove. */
export function stepActions(config: WizardConfig, from: number): RowAction[] {
  const up = stepMoveBy(config, from, -1);
  const down = stepMoveBy(config, from, 1);
  return [
    ...(up ? [{ label: 'Move up', change: up }] : []),
    ...(down ? [{ label: 'Move down', change: down }] : []),
    { label: 'Remove step', change: { kind: 'step', from, to: null } },
  ];
}

/** A block's actions: up, down, to the end of each other step, remove. */
export function blockActions(
  config: WizardConfig,
  from: BlockPlace,
): RowAction[] {
  const up = blockMoveBy(config, from, -1);
  const down = blockMoveBy(config, from, 1);
  return [
    ...(up ? [{ label: 'Move up', change: up }] : []),
    ...(down ? [{ label: 'Move down', change: down }] : []),
    ...config.steps.flatMap((step, index) =>
      index === from.step
        ? []
        : [
            {
              label: `Move to step ${index + 1}, ${step.name}`,
              change: {
                kind: 'block',
                from,
                to: endOfStep(config, from, index),
              } as const,
            },
          ],
    ),
    { label: 'Remove', change: { kind: 'block', from, to: null } },
  ];
}

/** What a change did, in words, from the form before it. */
export function changeInWords(
  config: WizardConfig,
  change: OutlineChange,
): string {
  if (change.kind === 'step') {
    const step = config.steps[change.from ?? -1];
    if (!step) return '';
    return change.to === null
      ? `Removed step ${step.name}. Undo brings it back.`
      : `Moved step ${step.name} to place ${change.to + 1} of ${config.steps.length}.`;
  }
  const { from, to } = change;
  const block = from && config.steps[from.step]?.blocks[from.index];
  if (!from || !block) return '';
  const title = blockTitle(block);
  const target = to && config.steps[to.step];
  if (!to || !target) return `Removed “${title}”. Undo brings it back.`;
  return to.step === from.step
    ? `Moved “${title}” to place ${to.index + 1} of ${target.blocks.length} in step ${target.name}.`
    : `Moved “${title}” to the end of step ${to.step + 1}, ${target.name}.`;
}

/**
 * The row that has focus after a change, from the form before it: the moved row at its new place,
 * or the row now in a removed one's place (its step's, when it was the step's last block).
 */
export function rowAfterChange(
  config: WizardConfig,
  change: OutlineChange,
): string | null {
  if (change.kind === 'step') {
    if (change.from === null) return null;
    return stepRow(
      change.to ?? Math.max(0, Math.min(change.from, config.steps.length - 2)),
    );
  }
  const { from, to } = change;
  if (to) return blockRow(to.step, to.index);
  if (!from) return null;
  const left = (config.steps[from.step]?.blocks.length ?? 0) - 1;
  return left > 0
    ? blockRow(from.step, Math.min(from.index, left - 1))
    : stepRow(from.step);
}
