import { useEffect, useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import type * as FormWizardModule from './form-wizard.tsx';

export type FormModule = typeof FormWizardModule;

let formModule: Promise<FormModule> | null = null;
const loadFormModule = () => (formModule ??= import('./form-wizard.tsx'));

function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 200);
  return () => clearTimeout(handle);
}

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
  const [form, setForm] = useState<FormModule | null>(null);
  useEffect(() => {
    if (form) return;
    if (isNeeded) {
      // Every block kind of the form loads with it: a question revealed later (a checkbox shown by a
      // Yes) must not suspend and blank the step it appears on.
      void loadFormModule().then((module) => {
        setForm(module);
        void module.prepareFormSteps(config);
      });
      return;
    }
    return whenIdle(
      () =>
        void loadFormModule().then(async (module) => {
          await module.prepareFormSteps(config);
          setForm(module);
        }),
    );
  }, [isNeeded, form, config]);
  return form;
}
