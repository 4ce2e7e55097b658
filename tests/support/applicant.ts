import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/server/db/database.ts';
import { putApplication, validApplication } from './fixtures.ts';

/** A test server, and the origin its pages are at when it has a public URL of its own. */
type Server = { baseUrl: string; database: Database; origin?: string };

/** A request of the applicant's API as their page makes one: JSON, our origin, their cookie. */
export function applicantFetch(
  server: Server,
  method: string,
  path: string,
  {
    body,
    cookie = '',
    origin = server.origin ?? server.baseUrl,
  }: {
    body?: unknown;
    cookie?: string;
    origin?: string | null;
  } = {},
): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      cookie,
      ...(origin === null ? {} : { origin }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

/** Sends an application from `email`; returns its id. */
export async function applyAs(
  server: Server,
  email: string,
  firstName = 'Ada',
): Promise<string> {
  const response = await putApplication(
    server.baseUrl,
    validApplication({ firstName, emailAddress: email }),
    { key: randomUUID() },
  );
  if (response.status !== 201 && response.status !== 200)
    throw new Error(
      `applying failed: ${response.status} ${await response.text()}`,
    );
  return ((await response.json()) as { id: string }).id;
}

/** The tokens of the sign-in links e-mailed to `recipient`, oldest first, from the outbox. */
export async function linkTokensFor(
  server: Server,
  recipient: string,
): Promise<string[]> {
  const rows = await server.database.db
    .selectFrom('outbox')
    .select('content')
    .where('purpose', '=', 'me_link')
    .where('recipient', '=', recipient)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => tokenIn(row.content));
}

/** The token of the link in an e-mail's text. */
export function tokenIn(text: string): string {
  const token = /\/me\?token=([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error('no sign-in link in that e-mail');
  return token;
}

/** The name=value of the applicant cookie an answer sets, as a browser sends it back. */
export const applicantCookieOf = (response: Response) =>
  response.headers.getSetCookie()[0]?.split(';')[0] ?? '';

/** Asks for a link for `email`, follows the one e-mailed to `recipient`; returns the cookie. */
export async function signInAs(
  server: Server,
  email: string,
  recipient = email,
): Promise<string> {
  await applicantFetch(server, 'POST', '/api/me/link', { body: { email } });
  const token = (await linkTokensFor(server, recipient)).at(-1) ?? '';
  const response = await applicantFetch(server, 'POST', '/api/me/session', {
    body: { token },
  });
  if (response.status !== 200)
    throw new Error(`signing in failed: ${response.status}`);
  return applicantCookieOf(response);
}
