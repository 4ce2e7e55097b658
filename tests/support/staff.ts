import { createStaffAccounts } from '../../src/server/staff/staff-accounts.ts';
import type { startTestServer } from './test-server.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The name=value of the session cookie an answer sets, as a browser would send it back. */
export const sessionCookieOf = (response: Response) =>
  response.headers.getSetCookie()[0]?.split(';')[0] ?? '';

/** Signs in through the API as the workspace page does, and returns the session cookie. */
export async function signedIn(
  server: TestServer,
  email: string,
  password: string,
  origin = server.baseUrl,
): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/review/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  return sessionCookieOf(response);
}

/** A staff account made directly in the database, then signed in; returns its session cookie. */
export async function staffMember(
  server: TestServer,
  email: string,
  role: 'admin' | 'reviewer',
  password: string,
  /** The origin the server expects (its PUBLIC_URL when set). */
  origin = server.baseUrl,
): Promise<string> {
  await createStaffAccounts(server.database).add({ email, role, password });
  return signedIn(server, email, password, origin);
}

/** A request of the workspace's API as its page makes one: the session cookie, the expected origin, JSON. */
export function staffFetch(
  server: TestServer,
  { cookie, origin }: { cookie: string; origin: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      cookie,
      origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

/** `staffFetch` bound to one staff member, from the server's own origin unless told otherwise. */
export const requestAs =
  (server: TestServer, cookie: string, origin = server.baseUrl) =>
  (method: string, path: string, body?: unknown) =>
    staffFetch(server, { cookie, origin }, method, path, body);
