import type { PublishedForm } from '#engine/sync-page.ts';
import { submitTimeoutMs } from './submit-application.ts';

/** The form the server serves now (`GET /api/form` on the page's own server); null when it cannot be read. */
export async function fetchPublishedForm(): Promise<PublishedForm | null> {
  try {
    const response = await fetch('/api/form', {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(submitTimeoutMs),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<PublishedForm>;
    return typeof body.version === 'number' &&
      typeof body.config === 'object' &&
      Array.isArray(body.config.steps)
      ? (body as PublishedForm)
      : null;
  } catch {
    return null;
  }
}
