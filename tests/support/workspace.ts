import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { validApplication } from './fixtures.ts';
import { servers, serverUrl, type ServerName } from './servers.ts';

/** What the workspace's end-to-end tests share: staff made by the command, applications sent by the API. */

export const password = 'correct horse battery staple';
export const example = servers.find((server) => server.name === 'example');

/** A staff account made the way an operator makes one: `npm run staff -- add`, the compiled command. */
export function addStaff(
  role: 'admin' | 'reviewer',
  server: ServerName = 'example',
): string {
  const email = `${role}-${randomUUID()}@example.org`;
  const sqlitePath = servers.find(({ name }) => name === server)?.sqlitePath;
  execFileSync(
    process.execPath,
    ['dist/server/staff.js', 'add', email, '--role', role],
    {
      env: { ...process.env, SQLITE_PATH: sqlitePath ?? '' },
      input: `${password}\n`,
    },
  );
  return email;
}

/** An application with a name no other test uses, stored through the public API. */
export async function submitApplication(page: Page): Promise<string> {
  const lastName = `Tester${randomUUID().slice(0, 8)}`;
  const application = validApplication({
    firstName: 'Ada',
    emailAddress: `${lastName.toLowerCase()}@example.com`,
  });
  application.personalInfo.lastName = lastName;
  const response = await page.request.put(
    serverUrl('example', '/api/syncPage/aldmere-creators'),
    {
      headers: { 'idempotency-key': randomUUID() },
      data: application,
    },
  );
  expect(response.status()).toBe(201);
  return `Ada ${lastName}`;
}

/**
 * Applications sent through the public API, oldest first, then tagged together through the
 * workspace's API by the signed-in page; `firstName` names each by its place.
 */
export async function submitTagged(
  page: Page,
  tag: string,
  count: number,
  firstName: (index: number) => string = () => 'Ada',
): Promise<void> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await page.request.put(
      serverUrl('example', '/api/syncPage/aldmere-creators'),
      {
        headers: { 'idempotency-key': randomUUID() },
        data: validApplication({
          firstName: firstName(index),
          emailAddress: `${tag}-${index}@example.com`,
        }),
      },
    );
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  const tagged = await page.request.post(
    serverUrl('example', '/api/review/applications/tags'),
    {
      headers: { origin: serverUrl('example', '') },
      data: { ids, add: [tag] },
    },
  );
  expect(await tagged.json()).toEqual({ tagged: count });
}

export const emailBox = (page: Page) =>
  page.getByLabel('Email', { exact: true });
export const passwordBox = (page: Page) =>
  page.getByLabel('Password', { exact: true });
export const signInButton = (page: Page) =>
  page.getByRole('button', { name: 'Sign in', exact: true });

/** Signs in through the page, as a person would, and waits to arrive at `next`. */
export async function signIn(
  page: Page,
  email: string,
  next = '/review',
  server: ServerName = 'example',
): Promise<void> {
  await page.goto(
    serverUrl(server, `/review/sign-in?next=${encodeURIComponent(next)}`),
  );
  await emailBox(page).fill(email);
  await passwordBox(page).fill(password);
  await signInButton(page).click();
  await expect(page).toHaveURL(serverUrl(server, next));
}

/**
 * Signs in through the API, as the page would, for a test about a screen behind it: the password
 * is checked by argon2id, slower on a busy machine than a page's wait for its next address.
 */
export async function signInByApi(
  page: Page,
  origin: string,
  email: string,
): Promise<void> {
  const answer = await page.request.post(`${origin}/api/review/session`, {
    data: { email, password },
    headers: { origin },
    timeout: 60_000,
  });
  expect(answer.status()).toBe(200);
}
