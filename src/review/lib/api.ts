import { signInPath } from '#engine/review-page.ts';

export type StaffMember = { email: string; role: 'admin' | 'reviewer' };

export type FieldIssue = { path: string; message: string };

/** A refused request: the server's message, and each field it named. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }
}

/**
 * The workspace's JSON API. The session cookie goes along by itself; a 401 means the session ended
 * (idle, expired, signed out elsewhere), so the page goes to sign-in and back here afterwards.
 */
export async function api<Result>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Result> {
  const response = await request(path, init);
  if (response.status === 204) return undefined as Result;
  if (!response.ok) throw await refusalOf(response);
  return (await response.json()) as Result;
}

/**
 * Fetches a CSV (read by GET, or posted with a body) and hands it to the browser as a download
 * named by the server, so a refusal shows as a message instead of a broken file.
 */
export async function downloadCsv(path: string, body?: unknown): Promise<void> {
  const response = await request(path, {
    method: body === undefined ? 'GET' : 'POST',
    body,
  });
  if (!response.ok) throw await refusalOf(response);
  const name =
    /filename="([^"]+)"/.exec(
      response.headers.get('content-disposition') ?? '',
    )?.[1] ?? 'applications.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the object URL is needed no longer.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A failed request as messages by field name; what names no field goes under `form`. */
export function fieldErrorsOf(failure: unknown): Record<string, string> {
  return failure instanceof ApiError && failure.issues.length > 0
    ? Object.fromEntries(
        failure.issues.map((issue) => [issue.path, issue.message]),
      )
    : { form: failure instanceof Error ? failure.message : 'Try again.' };
}

async function refusalOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as {
    message?: string;
    issues?: FieldIssue[];
  };
  return new ApiError(
    response.status,
    body.message ?? 'Something went wrong. Try again.',
    body.issues,
  );
}

async function request(
  path: string,
  init: { method?: string; body?: unknown },
): Promise<Response> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body === undefined
        ? {}
        : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
    credentials: 'same-origin',
  });
  if (response.status === 401 && !path.endsWith('/session')) {
    const here = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`${signInPath}?next=${encodeURIComponent(here)}`);
  }
  return response;
}
