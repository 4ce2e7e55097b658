import type { WizardConfig } from '#engine/config-schema.ts';
import { resolveTexts, type Texts } from '#engine/texts.ts';

/**
 * The one table of the wizard's texts: the configuration's `texts` over the English defaults, and
 * over both its `buttonText` and `submitErrorText`, which name the same texts more specifically.
 */
export function resolveWizardTexts(config: WizardConfig): Texts {
  const specific = {
    continue: config.buttonText.continue,
    signIn: config.buttonText.signIn,
    back: config.buttonText.back,
    submitError: config.submitErrorText,
  };
  return resolveTexts({
    ...config.texts,
    ...Object.fromEntries(
      Object.entries(specific).filter(([, text]) => text !== undefined),
    ),
  });
}
