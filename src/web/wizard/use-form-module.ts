import { startTransition, useEffect, useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { afterNextPaint, whenIdle } from '#web/lib/scheduling.ts';
import type * as FormWizardModule from './form-wizard.tsx';

export type FormModule = typeof FormWizardModule;

let formModule: Promise<FormModule> | null = null;
/** The module once it and everything its steps need have loaded. */
let readyModule: FormModule | null = null;
const loadFormModule = (config: WizardConfig) =>
  (formModule ??= import('./form-wizard.tsx').then(async (module) => {
    await module.prepareFormSteps(config);
    readyModule = module;
    return module;
  }));

/**
 * The form (react-hook-form, zod, country data, flags), kept out of the first page's JavaScript:
 * loaded at once when the step needs it, otherwise fetched with its blocks while the browser is
 * idle. It is returned as soon as it is ready, so the first form step can be prepared before it is
 * shown.
 */
export function useFormModule(
  config: WizardConfig,
  isNeeded: boolean,
): FormModule | null {
  const [form, setForm] = useState<FormModule | null>(() => readyModule);
  useEffect(() => {
    if (form) return;
    if (readyModule) {
      setForm(readyModule);
      return;
    }
    if (isNeeded)
      // After the next paint: the step's frame and cover (a tab reloaded on this step) are on
      // screen first, without waiting for the form's code. Every block kind loads before the form
      // is shown: a step that grew as its blocks arrived would move under the applicant, and a
      // question revealed later (a checkbox shown by a Yes) must not suspend and blank its step.
      return afterNextPaint(
        () =>
          void loadFormModule(config).then((module) =>
            // Rendered in slices, so a slow phone stays responsive while the step is built.
            startTransition(() => setForm(module)),
          ),
      );
    return whenIdle(
      () =>
        void loadFormModule(config).then((module) =>
          startTransition(() => setForm(module)),
        ),
    );
  }, [isNeeded, form, config]);
  return form;
}
