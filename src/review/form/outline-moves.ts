import type { WizardConfig } from '#engine/config-schema.ts';
import type { BlockPlace, OutlineChange } from './editor-selection.ts';

/**
 * A move or a removal in the outline, made to the form: the step or block leaves its place and,
 * unless removed, is put at `to` (its place once moved). An addition (`from` null) brings its own
 * new step or block, so it is made by whoever creates it.
 */
export function applyOutlineChange(
  draft: WizardConfig,
  change: OutlineChange,
): void {
  if (change.kind === 'step') {
    if (change.from === null) return;
    const [step] = draft.steps.splice(change.from, 1);
    if (step && change.to !== null) draft.steps.splice(change.to, 0, step);
    return;
  }
  const { from, to } = change;
  if (!from) return;
  const [block] = draft.steps[from.step]?.blocks.splice(from.index, 1) ?? [];
  if (block && to) draft.steps[to.step]?.blocks.splice(to.index, 0, block);
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
export function stepMoveBy(
  config: WizardConfig,
  from: number,
  by: -1 | 1,
): OutlineChange | null {
  const to = from + by;
  return to < 0 || to >= config.steps.length
    ? null
    : { kind: 'step', from, to };
}

export function blockMoveBy(
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
