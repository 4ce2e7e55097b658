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
  if (response.status === 204) return undefined as Result;
  const body = (await response.json().catch(() => ({}))) as {
    message?: string;
    issues?: FieldIssue[];
  };
  if (!response.ok)
    throw new ApiError(
      response.status,
      body.message ?? 'Something went wrong. Try again.',
      body.issues,
    );
  return body as Result;
}
