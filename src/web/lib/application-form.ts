import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  buildApplicationModel,
  buildApplicationSchema,
  buildDefaultValues,
  type ApplicationModel,
  type ApplicationValues,
} from '#engine/application-schema.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { setAt } from '#engine/paths.ts';
import { prefilledAnswers } from './prefill.ts';

/**
 * How long typing must pause before a new error appears or the draft is saved. An error that
 * typing fixes disappears at once; a new one waits, so a half-typed e-mail is not called invalid.
 */
export const typingPauseMs = 500;

/** Copies saved answers over the defaults, keeping only known paths with the same kind of value. */
function mergeSaved(defaults: unknown, saved: unknown): unknown {
  if (
    defaults !== null &&
    typeof defaults === 'object' &&
    !Array.isArray(defaults)
  ) {
    const source =
      saved !== null && typeof saved === 'object'
        ? (saved as Record<string, unknown>)
        : {};
    return Object.fromEntries(
      Object.entries(defaults).map(([key, value]) => [
        key,
        mergeSaved(value, source[key]),
      ]),
    );
  }
  if (Array.isArray(defaults))
    return Array.isArray(saved)
      ? saved.filter((item) => typeof item === 'string')
      : defaults;
  if (defaults === null) return typeof saved === 'boolean' ? saved : null;
  return typeof saved === typeof defaults ? saved : defaults;
}

/**
 * Saved answers over the model's defaults: each answer kept where the form still asks it, as the
 * same kind of value. Answers the address filled in start in place of the defaults, so a saved
 * answer, even one the applicant emptied, wins over them.
 */
export function restoreAnswers(
  model: ApplicationModel,
  saved: unknown,
  prefill: Readonly<Record<string, unknown>> = {},
): ApplicationValues {
  const defaults = buildDefaultValues(model);
  for (const [path, value] of prefilledAnswers(model, prefill))
    setAt(defaults, path, value);
  return mergeSaved(defaults, saved) as ApplicationValues;
}

type PreparedForm = {
  model: ReturnType<typeof buildApplicationModel>;
  schema: ReturnType<typeof buildApplicationSchema>;
};

const prepared = new WeakMap<WizardConfig, PreparedForm>();

/** What the model is built from: the steps' blocks, the rules of `formItems`, platforms and texts. */
const modelInputs = (config: WizardConfig): unknown[] => [
  config.platforms,
  config.formItems,
  config.texts,
  config.buttonText,
  config.submitErrorText,
  ...config.steps.map((step) => step.blocks),
];

/** The last form prepared, for a configuration that differs from it only where the model never reads. */
let latest: { inputs: unknown[]; form: PreparedForm } | null = null;

/**
 * The configuration's application model and schema, built once. The wizard builds them while the
 * applicant reads the Welcome step, so the first form step does not wait for them after Continue.
 * The editor's preview gets a new configuration per keystroke, sharing every object the edit left
 * alone; one built from the same objects as the last keeps its model, so a new heading renders no
 * field again. That model holds the `config` it was built from, which equals the new one in
 * everything the model reads.
 */
export function prepareApplicationForm(config: WizardConfig): PreparedForm {
  let form = prepared.get(config);
  if (form) return form;
  const inputs = modelInputs(config);
  if (
    latest?.inputs.length === inputs.length &&
    inputs.every((input, index) => input === latest?.inputs[index])
  )
    form = latest.form;
  else {
    const model = buildApplicationModel(config);
    form = { model, schema: buildApplicationSchema(model) };
  }
  prepared.set(config, form);
  latest = { inputs, form };
  return form;
}

/**
 * The answers of one application in react-hook-form, validated by the engine's schema: a field is
 * validated first when it is left, then on every change, and a Continue validates the whole step.
 */
export function useApplicationForm(
  config: WizardConfig,
  saved?: unknown,
  prefill?: Readonly<Record<string, unknown>>,
) {
  const { model, schema } = useMemo(
    () => prepareApplicationForm(config),
    [config],
  );
  const [defaultValues] = useState(() => restoreAnswers(model, saved, prefill));
  const form = useForm<ApplicationValues>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
    delayError: typingPauseMs,
  });
  return { form, model };
}
