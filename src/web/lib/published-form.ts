import type { PublishedForm } from '#engine/sync-page.ts';
import { submitTimeoutMs } from './submit-application.ts';

/**
 * The form a call's page serves now (`GET /api/form/<pageId>` on the page's own server), in the
 * page's language; null when it cannot be read.
 */
export async function fetchPublishedForm(
  pageId: string,
  lang: string,
): Promise<PublishedForm | null> {
  const query = new URLSearchParams({ lang });
  try {
    const response = await fetch(
      `/api/form/${encodeURIComponent(pageId)}?${query}`,
      {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(submitTimeoutMs),
      },
    );
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
