import { draftStorageKey } from '#engine/draft-key.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { stepFromSearch } from '#engine/navigation.ts';

/** What survives a reload of the tab: the step, the answers and the attempt's idempotency key. */
export type Draft = {
  stepIndex: number;
  values: Record<string, unknown> | null;
  idempotencyKey: string | null;
  /** The application was sent: a reload shows the last step, and no answers are kept. */
  sent: boolean;
  /** The one answer kept once it is sent, as the last step names it: the address it was sent with. */
  sentEmail: string;
};

export function readDraft(pageId: string): Draft | null {
  try {
    const text = sessionStorage.getItem(draftStorageKey(pageId));
    if (!text) return null;
    const parsed = JSON.parse(text) as Partial<Draft>;
    return {
      stepIndex: typeof parsed.stepIndex === 'number' ? parsed.stepIndex : 0,
      values:
        parsed.values && typeof parsed.values === 'object'
          ? parsed.values
          : null,
      idempotencyKey:
        typeof parsed.idempotencyKey === 'string'
          ? parsed.idempotencyKey
          : null,
      sent: parsed.sent === true,
      sentEmail: typeof parsed.sentEmail === 'string' ? parsed.sentEmail : '',
    };
  } catch {
    // Private modes and full quotas throw; the wizard then simply starts empty.
    return null;
  }
}

export function writeDraft(pageId: string, patch: Partial<Draft>): void {
  try {
    const current = readDraft(pageId) ?? {
      stepIndex: 0,
      values: null,
      idempotencyKey: null,
      sent: false,
      sentEmail: '',
    };
    sessionStorage.setItem(
      draftStorageKey(pageId),
      JSON.stringify({ ...current, ...patch }),
    );
  } catch {
    // Same as above: losing the draft must never break the form itself.
  }
}

export function clearDraft(pageId: string): void {
  try {
    sessionStorage.removeItem(draftStorageKey(pageId));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/**
 * The step a page load starts on: the last after a sent application; else the step the address
 * names, or the step the tab was on, but never the thank-you step of an application not sent.
 * (The form then moves back to the first step whose answers are incomplete.)
 */
export function startStepOf(
  config: Pick<WizardConfig, 'steps' | 'skipFinalStep'>,
  draft: Draft | null,
  search: string,
): number {
  const last = config.steps.length - 1;
  if (draft?.sent) return last;
  const wanted = Math.min(
    Math.max(stepFromSearch(config.steps, search) ?? draft?.stepIndex ?? 0, 0),
    last,
  );
  return wanted === last && !config.skipFinalStep ? last - 1 : wanted;
}
