import type { WizardConfig } from '#engine/config-schema.ts';
import {
  shifted,
  type BlockPlace,
  type OutlineChange,
} from './editor-selection.ts';

/** A step's new place after a change, or null when the change removes it. */
function stepAfter(step: number, change: OutlineChange): number | null {
  if (change.kind !== 'step') return step;
  if (step === change.from) return change.to;
  return shifted(step, change.from, change.to);
}

/** A block's new place after a change, or null when the change removes it. */
function blockAfter(
  place: BlockPlace,
  change: OutlineChange,
): BlockPlace | null {
  if (change.kind === 'step') {
    const step = stepAfter(place.step, change);
    return step === null ? null : { step, index: place.index };
  }
  const { from, to } = change;
  if (from && from.step === place.step && from.index === place.index) return to;
  return {
    step: place.step,
    index: shifted(
      place.index,
      from?.step === place.step ? from.index : null,
      to?.step === place.step ? to.index : null,
    ),
  };
}

const blockPathPattern = /^steps\.(\d+)\.blocks\.(\d+)\.(.+)$/;
const stepPathPattern = /^steps\.(\d+)\.(.+)$/;

/** A translated text's path after a change, or null when its step or block is gone. */
function pathAfter(path: string, change: OutlineChange): string | null {
  const block = blockPathPattern.exec(path);
  if (block) {
    const place = blockAfter(
      { step: Number(block[1]), index: Number(block[2]) },
      change,
    );
    return place && `steps.${place.step}.blocks.${place.index}.${block[3]}`;
  }
  const step = stepPathPattern.exec(path);
  if (step) {
    const index = stepAfter(Number(step[1]), change);
    return index === null ? null : `steps.${index}.${step[2]}`;
  }
  return path;
}

/**
 * Carries the translations along a step or block moved, added or removed: a translation names its
 * text by place, so it follows its step or block to the new place, and goes with it when it is
 * removed (the check refuses a translation of a text the form no longer has, which would stop
 * publishing).
 */
export function moveTranslations(
  draft: WizardConfig,
  change: OutlineChange,
): void {
  // A draft saved before forms had translations carries none, and gets none here.
  const { translations } = draft as Partial<Pick<WizardConfig, 'translations'>>;
  if (!translations) return;
  draft.translations = Object.fromEntries(
    Object.entries(translations).map(([tag, texts]) => [
      tag,
      Object.fromEntries(
        Object.entries(texts).flatMap(([path, text]) => {
          const next = pathAfter(path, change);
          return next === null ? [] : [[next, text]];
        }),
      ),
    ]),
  );
}
