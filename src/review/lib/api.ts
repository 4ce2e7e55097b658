import type * as z from 'zod/mini';
import { signInPath } from '#engine/review-page.ts';
import type { Refusal } from '#review-api/common.ts';
import type { Endpoint } from '#review-api/endpoint.ts';

export type { StaffMember } from '#review-api/staff.ts';

export type FieldIssue = { path: string; message: string };

/** A refused request: its status, the server's code and message, and each field it named. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: FieldIssue[] = [],
    readonly code = '',
  ) {
    super(message);
  }
}

/** What went wrong, in words for the person: the server's own (the first field it named, else its message), or what to do. */
export function messageOf(failure: unknown): string {
  if (failure instanceof ApiError)
    return failure.issues[0]?.message ?? failure.message;
  // fetch rejects only when no answer came at all.
  if (failure instanceof TypeError)
    return 'The server cannot be reached. Check the connection and try again.';
  return 'Something went wrong. Try again.';
}

/** A failed request as messages by field name; what names no field goes under `form`. */
export function fieldErrorsOf(failure: unknown): Record<string, string> {
  return failure instanceof ApiError && failure.issues.length > 0
    ? Object.fromEntries(
        failure.issues.map((issue) => [issue.path, issue.message]),
      )
    : { form: messageOf(failure) };
}

type Schema = z.ZodMiniType;

/** What a call of an endpoint names: its address's parameters, its query, its body. */
type Parts<E extends Endpoint> = (E extends { params: infer P extends Schema }
  ? { params: z.input<P> }
  : { params?: never }) &
  (E extends { query: infer Q extends Schema }
    ? { query?: z.input<Q> }
    : { query?: never }) &
  (E extends { body: infer B extends Schema }
    ? { body: z.input<B> }
    : { body?: never });

/** The answer of a success: the body of whichever success status the endpoint names (none for 204). */
export type EndpointAnswer<E extends Endpoint> = E extends {
  responses: infer Responses extends Record<number, Schema>;
}
  ? {
      [Status in keyof Responses]: z.output<Responses[Status]>;
    }[keyof Responses]
  : undefined;

function addressOf(path: string, params: unknown, query: unknown): string {
  const named = (params ?? {}) as Record<string, string>;
  const filled = path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(named[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(
    (query ?? {}) as Record<string, unknown>,
  ))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** An endpoint's address with its parameters filled in and its query (empty values left out). */
export const hrefOf = <E extends Endpoint>(
  endpoint: E,
  parts: Pick<Parts<E>, 'params' | 'query'>,
): string => addressOf(endpoint.path, parts.params, parts.query);

/** Calls one endpoint of the workspace's contract; the answer has the type the server promises. */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[parts]: E extends { params: Schema } | { body: Schema }
    ? [parts: Parts<E>]
    : [parts?: Parts<E>]
): Promise<EndpointAnswer<E>> {
  return api<EndpointAnswer<E>>(
    addressOf(endpoint.path, parts?.params, parts?.query),
    {
      method: endpoint.method,
      body: parts?.body,
    },
  );
}

type RequestParts = {
  method?: string;
  body?: unknown;
  /** Sent even as the page closes (a body of at most 64 KiB). */
  keepalive?: boolean;
};

/**
 * The workspace's JSON API. The session cookie goes along by itself; a 401 means the session ended
 * (idle, expired, signed out elsewhere), so the page goes to sign-in and back here afterwards.
 */
export async function api<Result>(
  path: string,
  init: RequestParts = {},
): Promise<Result> {
  const response = await request(path, init);
  if (response.status === 204) return undefined as Result;
  if (!response.ok) throw await refusalOf(response);
  return (await response.json()) as Result;
}

/**
 * Fetches an export (read by GET, or posted with a body) and hands it to the browser as a download
 * named by the server, so a refusal shows as a message instead of a broken file.
 */
export async function downloadFile(
  path: string,
  body?: unknown,
): Promise<void> {
  const response = await request(path, {
    method: body === undefined ? 'GET' : 'POST',
    body,
  });
  if (!response.ok) throw await refusalOf(response);
  const name =
    /filename="([^"]+)"/.exec(
      response.headers.get('content-disposition') ?? '',
    )?.[1] ?? 'export';
  saveAs(await response.blob(), name);
}

/** Hands a file made in the page to the browser as a download of the given name. */
export function saveAs(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the object URL is needed no longer.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function refusalOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as Partial<Refusal>;
  return new ApiError(
    response.status,
    body.message ??
      (response.status >= 500
        ? 'The server could not complete this. Try again in a moment.'
        : 'Something went wrong. Try again.'),
    body.issues,
    body.error,
  );
}

/**
 * A 401 means the session ended (idle, expired, signed out elsewhere): the page goes to sign-in,
 * and back here afterwards. The sign-in's own refusals are not that.
 */
export function followSignOut(status: number, path: string) {
  if (status !== 401 || path.endsWith('/session')) return;
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`${signInPath}?next=${encodeURIComponent(here)}`);
}

async function request(path: string, init: RequestParts): Promise<Response> {
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
    keepalive: init.keepalive ?? false,
  });
  followSignOut(response.status, path);
  return response;
}
