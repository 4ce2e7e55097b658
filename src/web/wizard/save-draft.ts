import { getAt } from '#engine/paths.ts';
import { interpolate, type Texts } from '#engine/texts.ts';
import { checkEmail } from '#engine/validators.ts';
import { submitTimeoutMs } from '#web/lib/submit-application.ts';
import { draftValuesOf } from './step-fields.ts';
import { emailPath } from './use-wizard-form.ts';

/** The address the dialog offers first: the one the applicant gave in the form, if any. */
export function givenEmailOf(values: Record<string, unknown>): string {
  const email = getAt(values, emailPath);
  return typeof email === 'string' ? email.trim() : '';
}

/** What the dialog says after Send: the address is wrong, or the link is on its way, or not. */
export type SaveOutcome =
  | { kind: 'invalid'; message: string }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

/**
 * Asks the server to keep the answers and e-mail a link to them. The answers stay in the form
 * whatever happens: a failure only says so.
 */
export async function saveForLater(
  {
    pageId,
    stepIndex,
    values,
  }: {
    pageId: string;
    stepIndex: number;
    values: Record<string, unknown>;
  },
  typed: string,
  texts: Texts,
): Promise<SaveOutcome> {
  const email = typed.trim();
  const problem = checkEmail(email);
  if (problem) return { kind: 'invalid', message: texts[problem] };
  try {
    const response = await fetch('/api/drafts', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({
        pageId,
        email,
        step: stepIndex,
        answers: draftValuesOf(values),
        // The link's e-mail goes in the language the server wrote this page in.
        ...(document.documentElement.lang && {
          language: document.documentElement.lang,
        }),
      }),
      signal: AbortSignal.timeout(submitTimeoutMs),
    });
    if (response.status === 202)
      return {
        kind: 'sent',
        message: interpolate(texts.saveLaterSent, { email }),
      };
  } catch {
    // Offline or timed out: said below, like any refusal.
  }
  return { kind: 'failed', message: texts.saveLaterFailed };
}
