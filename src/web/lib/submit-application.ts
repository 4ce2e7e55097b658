import type { FieldIssue } from '#engine/block-kinds/answer.ts';
import type { ApplicationPayload } from '#engine/payload.ts';
import {
  botCheckHeader,
  formVersionHeader,
  isFormChanged,
} from '#engine/sync-page.ts';

/**
 * Sent, or refused: with the answers the server named as wrong, when it named any; or because the
 * form was answered under a version the server no longer takes (`changedTo`: the one it serves).
 */
export type SendOutcome =
  | { ok: true }
  | { ok: false; issues: FieldIssue[] }
  | { ok: false; changedTo: number }
  /** The call is not open: it closed while the applicant was answering, or has not opened. */
  | { ok: false; closed: string }
  /** The form asks for a bot check and the server did not take the answer sent, or none was. */
  | { ok: false; botCheckFailed: true };

export const submitTimeoutMs = 15_000;

/**
 * Sends the application. Any 2xx answer is success; a network error, a timeout or
 * any other status is a failure the applicant can retry with the same idempotency key. A 400
 * carries the issues the server found, each naming the answer's path.
 * With no request URL configured nothing is sent and the send counts as success.
 */
export async function submitApplication(options: {
  url: string | null;
  payload: ApplicationPayload;
  idempotencyKey: string;
  /** Where the visit came from (`Visit-Source`); the payload itself stays as specified. */
  visitSource?: string | null;
  /** The form version the page was served, when the server that served it named one. */
  formVersion?: number | null;
  /** The answer to the form's bot check, when it has one. */
  botCheck?: string | null;
}): Promise<SendOutcome> {
  if (!options.url) return { ok: true };
  try {
    // Only to the server that served the page, which alone knows its versions: a header another
    // origin's CORS policy does not allow would fail the request there.
    const namesVersion =
      typeof options.formVersion === 'number' &&
      new URL(options.url, window.location.href).origin ===
        window.location.origin;
    const response = await fetch(options.url, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Idempotency-Key': options.idempotencyKey,
        ...(typeof options.visitSource === 'string' && {
          'Visit-Source': options.visitSource,
        }),
        ...(namesVersion && {
          [formVersionHeader]: String(options.formVersion),
        }),
        ...(typeof options.botCheck === 'string' && {
          [botCheckHeader]: options.botCheck,
        }),
      },
      body: JSON.stringify(options.payload),
      signal: AbortSignal.timeout(submitTimeoutMs),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => ({}))) as {
      issues?: unknown;
      error?: unknown;
      message?: unknown;
    };
    if (
      response.status === 410 &&
      body.error === 'call_closed' &&
      typeof body.message === 'string'
    )
      return { ok: false, closed: body.message };
    if (body.error === 'bot_check') return { ok: false, botCheckFailed: true };
    if (response.status === 409 && isFormChanged(body))
      return { ok: false, changedTo: body.version };
    return {
      ok: false,
      issues: Array.isArray(body.issues)
        ? body.issues.filter(
            (issue): issue is FieldIssue =>
              typeof issue === 'object' &&
              issue !== null &&
              typeof (issue as FieldIssue).path === 'string' &&
              typeof (issue as FieldIssue).message === 'string',
          )
        : [],
    };
  } catch {
    return { ok: false, issues: [] };
  }
}

/** `requestUrl` absent means the default route; `""` or `null` means nothing is sent. */
export function resolveRequestUrl(
  requestUrl: string | null | undefined,
  pageId: string,
): string | null {
  if (requestUrl === undefined)
    return `/api/syncPage/${encodeURIComponent(pageId)}`;
  return requestUrl || null;
}

/** A v4 UUID; `crypto.randomUUID` exists only in secure contexts, so plain-http intranets get the same from random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
