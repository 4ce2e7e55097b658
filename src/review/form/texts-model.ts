import { blockPaths } from '#engine/block-paths.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { continueActionFor } from '#engine/navigation.ts';
import { defaultTexts, type TextKey } from '#engine/texts.ts';
import {
  textGroups,
  textWords,
  type TextGroup,
  type TextPlace,
} from './text-words.ts';

/**
 * The names of the steps that can show a text in this form, or `null` where its words already say
 * where (every step, the page shown when something breaks).
 */
export function stepsShowing(
  place: TextPlace,
  config: WizardConfig,
): string[] | null {
  const { steps } = config;
  const nameAt = (index: number) => steps[index]?.name ?? '';
  switch (place) {
    case 'anyStep':
      return null;
    case 'lastStep':
      return steps.length > 0 ? [nameAt(steps.length - 1)] : [];
    case 'sendingStep': {
      const sending = steps.findIndex((_, index) =>
        ['submitAndAdvance', 'submitAndRedirect'].includes(
          continueActionFor(index, steps.length, config.skipFinalStep),
        ),
      );
      return sending === -1 ? [] : [nameAt(sending)];
    }
    default: {
      const checked = new Set(
        config.formItems
          .filter((item) =>
            item.validators.some(
              (validator) =>
                typeof validator === 'string' &&
                (place.validators ?? []).includes(validator),
            ),
          )
          .map((item) => item.path),
      );
      return steps
        .filter((step) =>
          step.blocks.some(
            (block) =>
              place.blocks.includes(block.component) ||
              blockPaths(block).some((path) => checked.has(path)),
          ),
        )
        .map((step) => step.name);
    }
  }
}

/** A text's field label: what it is, where it shows, and this form's steps that show it. */
export function textFieldLabel(key: TextKey, config: WizardConfig): string {
  const { label, where, place } = textWords[key];
  const steps = stepsShowing(place, config);
  const named =
    steps === null
      ? ''
      : steps.length === 0
        ? ' (no step of this form shows it now)'
        : ` (${steps.length === 1 ? 'step' : 'steps'}: ${steps.join(', ')})`;
  return `${label}, ${where}${named}`;
}

/** The texts of each group, in the groups' order and then the wizard's own order of its texts. */
export function textsByGroup(): { group: TextGroup; keys: TextKey[] }[] {
  const keys = Object.keys(defaultTexts) as TextKey[];
  return (Object.keys(textGroups) as TextGroup[]).map((group) => ({
    group,
    keys: keys.filter((key) => textWords[key].group === group),
  }));
}

/**
 * Where the form keeps a text when it names it more specifically than in `texts`: the buttons and
 * the sending error win over `texts` in the wizard, so they are edited there.
 */
const buttonTexts = {
  continue: 'continue',
  signIn: 'signIn',
  back: 'back',
} as const satisfies Partial<Record<TextKey, keyof WizardConfig['buttonText']>>;

const isButtonText = (key: TextKey): key is keyof typeof buttonTexts =>
  key in buttonTexts;

/** The JSON path of a text in the form, where the check reports its problems. */
export function textPath(key: TextKey): string {
  if (isButtonText(key)) return `buttonText.${buttonTexts[key]}`;
  if (key === 'submitError') return 'submitErrorText';
  return `texts.${key}`;
}

/** A text as the form sets it, or undefined for the English default. */
export function readText(
  config: WizardConfig,
  key: TextKey,
): string | undefined {
  if (isButtonText(key))
    return config.buttonText[buttonTexts[key]] ?? config.texts[key];
  if (key === 'submitError') return config.submitErrorText ?? config.texts[key];
  return config.texts[key];
}

/** Sets a text in `draft` where the wizard reads it first; blank goes back to the English default. */
export function writeText(
  draft: WizardConfig,
  key: TextKey,
  value: string,
): void {
  if (isButtonText(key)) {
    delete draft.texts[key];
    if (value) draft.buttonText[buttonTexts[key]] = value;
    else delete draft.buttonText[buttonTexts[key]];
  } else if (key === 'submitError') {
    delete draft.texts[key];
    if (value) draft.submitErrorText = value;
    else delete draft.submitErrorText;
  } else if (value) draft.texts[key] = value;
  else delete draft.texts[key];
}
