import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import {
  buildApplicationModel,
  buildApplicationSchema,
  buildDefaultValues,
  type ApplicationModel,
  type ApplicationValues,
} from '#engine/application-schema.ts';
import { blockPaths, type WizardConfig } from '#engine/config-schema.ts';
import { continueActionFor } from '#engine/navigation.ts';
import { getAt } from '#engine/paths.ts';
import { buildPayload } from '#engine/payload.ts';
import { platformFields } from '#engine/platforms.ts';
import { createFlushRegistry } from '../components/flush-context.ts';
import { trackEvent } from '../lib/load-analytics.ts';
import { clearDraft, writeDraft, type Draft } from '../lib/session-draft.ts';
import {
  newIdempotencyKey,
  resolveRequestUrl,
  submitApplication,
} from '../lib/submit-application.ts';

/** The value paths of one step, in the order it shows them; the platforms block adds its group rule. */
export function stepFieldPaths(
  config: WizardConfig,
  model: ApplicationModel,
  stepIndex: number,
): string[] {
  return (config.steps[stepIndex]?.blocks ?? []).flatMap((block) =>
    block.component === 'platforms'
      ? [
          ...model.platforms.flatMap((platform) =>
            platformFields(platform).map(
              (field) => `platforms.${platform}.${field.key}`,
            ),
          ),
          'platforms.filled',
        ]
      : blockPaths(block),
  );
}

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

// ASVS 14.3.3: the draft is scoped to the tab and never holds the agreement or the honeypot.
function draftValues(values: FieldValues): Record<string, unknown> {
  const { agreement: _agreement, honeypot: _honeypot, ...kept } = values;
  return kept;
}

type Options = {
  config: WizardConfig;
  stepIndex: number;
  goTo: (stepIndex: number) => void;
  draft: Draft | null;
};

/** react-hook-form over the engine's schema, plus the transitions of specification §4. */
export function useWizardForm({ config, stepIndex, goTo, draft }: Options) {
  const model = useMemo(() => buildApplicationModel(config), [config]);
  const schema = useMemo(() => buildApplicationSchema(model), [model]);
  const [defaultValues] = useState(
    () =>
      mergeSaved(buildDefaultValues(model), draft?.values) as ApplicationValues,
  );
  const form = useForm<ApplicationValues>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
  const flush = useMemo(createFlushRegistry, []);
  const [isBusy, setIsBusy] = useState(false);
  const [hasServerError, setHasServerError] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const idempotencyKey = useRef(draft?.idempotencyKey ?? null);
  const isSubmitted = useRef(false);
  // Double clicks and Enter held down must not start a second validation or send while one runs.
  const isContinuing = useRef(false);
  const stepCount = config.steps.length;

  useEffect(() => {
    if (!isSubmitted.current)
      writeDraft(config.pageId, {
        stepIndex,
        values: draftValues(form.getValues()),
      });
  }, [config.pageId, stepIndex, form]);

  useEffect(() => {
    const subscription = form.watch((values) => {
      if (!isSubmitted.current)
        writeDraft(config.pageId, { values: draftValues(values) });
    });
    // A reload or tab close inside the debounce window still keeps the last keystrokes.
    const saveNow = () => {
      flush.flushAll();
      if (!isSubmitted.current)
        writeDraft(config.pageId, { values: draftValues(form.getValues()) });
    };
    window.addEventListener('pagehide', saveNow);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', saveNow);
    };
  }, [config.pageId, form, flush]);

  useEffect(() => {
    if (focusRequest === 0) return;
    // After the errors render: the first invalid control of the step, in reading order (CONTRACT §5).
    const frame = requestAnimationFrame(() => {
      const invalid = document.querySelector<HTMLElement>(
        '.step [aria-invalid="true"]',
      );
      const target = invalid?.matches('input, textarea, select, button')
        ? invalid
        : invalid?.querySelector<HTMLElement>('input, textarea');
      target?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  // Specification §4: every control of the step is first marked touched, so it revalidates as it is corrected.
  const touch = (paths: readonly string[]) => {
    for (const path of paths) {
      const value = form.getValues(path);
      if (value !== undefined)
        form.setValue(path, value, { shouldTouch: true });
    }
  };

  const validateStep = async (index: number) => {
    const paths = stepFieldPaths(config, model, index);
    touch(paths);
    const isValid = await form.trigger(paths);
    if (!isValid) setFocusRequest((count) => count + 1);
    return isValid;
  };

  const submit = async (isLeaving: boolean): Promise<boolean> => {
    // Specification §4: on submit every field is touched; an invalid form is not sent.
    touch(
      config.steps.flatMap((_, index) => stepFieldPaths(config, model, index)),
    );
    if (!(await form.trigger())) {
      const errors = form.formState.errors;
      const firstInvalidStep = config.steps.findIndex((_, index) =>
        stepFieldPaths(config, model, index).some(
          (path) => getAt(errors, path) !== undefined,
        ),
      );
      if (firstInvalidStep >= 0 && firstInvalidStep !== stepIndex)
        goTo(firstInvalidStep);
      setFocusRequest((count) => count + 1);
      return false;
    }
    idempotencyKey.current ??= newIdempotencyKey();
    writeDraft(config.pageId, { idempotencyKey: idempotencyKey.current });
    setIsBusy(true);
    setHasServerError(false);
    const isSent = await submitApplication({
      url: resolveRequestUrl(config.requestUrl, config.pageId),
      payload: buildPayload(form.getValues(), model),
      idempotencyKey: idempotencyKey.current,
    });
    setIsBusy(false);
    if (!isSent) {
      setHasServerError(true);
      return false;
    }
    // CONTRACT §4 and §6: a new key for the next application, and no answers left in the tab.
    isSubmitted.current = true;
    idempotencyKey.current = null;
    clearDraft(config.pageId);
    trackEvent('Form Submitted', {}, isLeaving);
    return true;
  };

  const onContinue = async () => {
    if (isContinuing.current) return;
    isContinuing.current = true;
    try {
      await continueFrom(stepIndex);
    } finally {
      isContinuing.current = false;
    }
  };

  const continueFrom = async (stepIndex: number) => {
    flush.flushAll();
    switch (continueActionFor(stepIndex, stepCount, config.skipFinalStep)) {
      case 'advance':
        goTo(stepIndex + 1);
        return;
      case 'validateAndAdvance':
        if (await validateStep(stepIndex)) goTo(stepIndex + 1);
        return;
      case 'submitAndAdvance':
        if ((await validateStep(stepIndex)) && (await submit(false)))
          goTo(stepIndex + 1);
        return;
      case 'submitAndRedirect':
        trackEvent('Sign In Clicked', {}, true);
        if ((await validateStep(stepIndex)) && (await submit(true)))
          window.location.assign(config.signInUrl);
        return;
      case 'redirect':
        trackEvent('Sign In Clicked', {}, true);
        window.location.assign(config.signInUrl);
    }
  };

  return { form, model, flush, onContinue, isBusy, hasServerError };
}
