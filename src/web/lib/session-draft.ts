import { draftStorageKey } from '#engine/draft-key.ts';

/** What survives a reload of the tab: the step, the answers and the attempt's idempotency key. */
export type Draft = {
  stepIndex: number;
  values: Record<string, unknown> | null;
  idempotencyKey: string | null;
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
