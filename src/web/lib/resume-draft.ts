import type { WizardConfig } from '#engine/config-schema.ts';
import { startStepOf, writeDraft, type Draft } from './session-draft.ts';
import { submitTimeoutMs } from './submit-application.ts';

/** The token a link to saved answers carries in its address: `?resume=<token>`. */
export function resumeTokenOf(search: string): string | null {
  return new URLSearchParams(search).get('resume') || null;
}

/** The address without its `resume` token, which must not stay in the history or a bookmark. */
export function addressWithoutToken(location: {
  pathname: string;
  search: string;
  hash: string;
}): string {
  const search = new URLSearchParams(location.search);
  search.delete('resume');
  const rest = search.toString();
  return `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`;
}

export type ResumeOutcome =
  { kind: 'resumed'; draft: Draft } | { kind: 'gone' } | { kind: 'failed' };

/**
 * The answers a link saved, as the tab's draft on the step they were saved on (never the thank-you
 * step), kept for a reload; `gone` when the server no longer has them for this form (expired,
 * replaced, sent), `failed` when it could not be asked.
 */
export async function fetchSavedDraft(
  config: DraftForm,
  token: string,
): Promise<ResumeOutcome> {
  try {
    const response = await fetch(`/api/drafts/${encodeURIComponent(token)}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(submitTimeoutMs),
    });
    const outcome = savedDraftOf(
      config,
      response.status,
      await response.json().catch(() => null),
    );
    if (outcome.kind === 'resumed') writeDraft(config.pageId, outcome.draft);
    return outcome;
  } catch {
    return { kind: 'failed' };
  }
}

type DraftForm = Pick<WizardConfig, 'pageId' | 'steps' | 'skipFinalStep'>;

/** What the server's answer about a draft means for this form. */
export function savedDraftOf(
  config: DraftForm,
  status: number,
  body: unknown,
): ResumeOutcome {
  if (status === 404 || status === 400) return { kind: 'gone' };
  if (status !== 200) return { kind: 'failed' };
  const saved = body as { pageId?: unknown; step?: unknown; answers?: unknown };
  if (
    saved?.pageId !== config.pageId ||
    typeof saved.step !== 'number' ||
    typeof saved.answers !== 'object' ||
    saved.answers === null
  )
    return { kind: 'gone' };
  const draft: Draft = {
    stepIndex: saved.step,
    values: saved.answers as Record<string, unknown>,
    idempotencyKey: null,
    sent: false,
    sentEmail: '',
  };
  return {
    kind: 'resumed',
    draft: { ...draft, stepIndex: startStepOf(config, draft, '') },
  };
}
