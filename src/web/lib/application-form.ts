import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  buildApplicationModel,
  buildApplicationSchema,
  buildDefaultValues,
  type ApplicationValues,
} from '#engine/application-schema.ts';
import type { WizardConfig } from '#engine/config-schema.ts';

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

const prepared = new WeakMap<
  WizardConfig,
  {
    model: ReturnType<typeof buildApplicationModel>;
    schema: ReturnType<typeof buildApplicationSchema>;
  }
>();

/**
 * The configuration's application model and schema, built once. The wizard builds them while the
 * applicant reads the Welcome step, so the first form step does not wait for them after Continue.
 */
export function prepareApplicationForm(config: WizardConfig) {
  let form = prepared.get(config);
  if (!form) {
    const model = buildApplicationModel(config);
    form = { model, schema: buildApplicationSchema(model) };
    prepared.set(config, form);
  }
  return form;
}

/**
 * The answers of one application in react-hook-form, validated by the engine's schema: a field is
 * validated first when it is left, then on every change, and a Continue validates the whole step.
 */
export function useApplicationForm(config: WizardConfig, saved?: unknown) {
  const { model, schema } = useMemo(
    () => prepareApplicationForm(config),
    [config],
  );
  const [defaultValues] = useState(
    () => mergeSaved(buildDefaultValues(model), saved) as ApplicationValues,
  );
  const form = useForm<ApplicationValues>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
    delayError: typingPauseMs,
  });
  return { form, model };
}
