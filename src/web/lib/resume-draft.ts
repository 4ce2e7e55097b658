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
  config: Pick<WizardConfig, 'pageId' | 'steps' | 'skipFinalStep'>,
  token: string,
): Promise<ResumeOutcome> {
  let response: Response;
  try {
    response = await fetch(`/api/drafts/${encodeURIComponent(token)}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(submitTimeoutMs),
    });
  } catch {
    return { kind: 'failed' };
  }
  if (response.status === 404 || response.status === 400)
    return { kind: 'gone' };
  if (!response.ok) return { kind: 'failed' };
  const body = (await response.json().catch(() => null)) as {
    pageId?: unknown;
    step?: unknown;
    answers?: unknown;
  } | null;
  if (
    body?.pageId !== config.pageId ||
    typeof body.step !== 'number' ||
    typeof body.answers !== 'object' ||
    body.answers === null
  )
    return { kind: 'gone' };
  const saved: Draft = {
    stepIndex: body.step,
    values: body.answers as Record<string, unknown>,
    idempotencyKey: null,
    sent: false,
    sentEmail: '',
  };
  const draft = { ...saved, stepIndex: startStepOf(config, saved, '') };
  writeDraft(config.pageId, draft);
  return { kind: 'resumed', draft };
}
