import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { validApplication } from './fixtures.ts';
import { e2eAdminToken, serverUrl, type ServerName } from './servers.ts';

/** Where the wizard is: its page, or the frame it has on another site. */
type Scope = Pick<Page, 'getByRole'>;

export const signInUrl = 'https://creators.visitaldmere.example/sign-up';

export const continueButton = (page: Scope) =>
  page.getByRole('button', { name: 'Continue', exact: true });

export const heading = (page: Scope, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

export const textbox = (page: Scope, name: string) =>
  page.getByRole('textbox', { name, exact: true });

export const backButton = (page: Page) =>
  page.getByRole('button', { name: 'Back', exact: true });

export const signInButton = (page: Page) =>
  page.getByRole('button', { name: 'Sign In', exact: true });

export const thankYou = (page: Scope) =>
  heading(page, 'Thank you for your submission!');

export const serverError = (page: Page) => page.getByRole('alert');

/** An address no earlier run has used, so a search of the stored applications finds only this test's. */
export const uniqueEmail = (label: string) =>
  `${label}-${randomUUID()}@example.com`;

export async function openWizard(
  page: Page,
  server: ServerName = 'example',
): Promise<void> {
  await page.goto(serverUrl(server));
  await expect(heading(page, 'Welcome!')).toBeVisible();
}

export async function startApplication(
  page: Page,
  server: ServerName = 'example',
): Promise<void> {
  await openWizard(page, server);
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
}

export async function chooseOption(
  page: Scope,
  combobox: string,
  search: string,
  option: string,
): Promise<void> {
  const input = page.getByRole('combobox', { name: combobox, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function answerYesNo(
  page: Scope,
  question: string,
  answer: 'Yes' | 'No',
): Promise<void> {
  await page
    .getByRole('radiogroup', { name: question })
    .getByRole('radio', { name: answer, exact: true })
    .check();
}

export async function fillPlatform(
  page: Scope,
  platform: string,
  handle: string,
  followers: string,
): Promise<void> {
  const group = page.getByRole('group', { name: platform, exact: true });
  await group.getByRole('textbox', { name: 'Username' }).fill(handle);
  await group.getByRole('textbox', { name: 'Followers' }).fill(followers);
}

/** Fills General Information for Ada Lovelace in the United Kingdom with an Instagram account. */
export async function fillGeneralInformation(
  page: Scope,
  email = 'ada@example.com',
): Promise<void> {
  await textbox(page, 'First Name').fill('Ada');
  await textbox(page, 'Last Name').fill('Lovelace');
  await chooseOption(
    page,
    'Country calling code',
    'united kingdom',
    'United Kingdom +44',
  );
  await textbox(page, 'Phone number').fill('7700900123');
  await textbox(page, 'Email Address').fill(email);
  await expect(
    page.getByRole('combobox', { name: 'Country', exact: true }),
  ).toHaveValue('United Kingdom');
  await fillPlatform(page, 'Instagram', 'ada.travels', '12000');
}

/** General Information answered and left: More Details on screen, nothing answered there. */
export async function passGeneralInformation(
  page: Scope,
  email?: string,
): Promise<void> {
  await fillGeneralInformation(page, email);
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
}

/** More Details answered and Continue pressed, which sends the application on the example. */
export async function passMoreDetails(page: Scope): Promise<void> {
  await fillMoreDetails(page);
  await continueButton(page).click();
}

type Applicant = { server?: ServerName; email?: string };

/** A fresh wizard taken through Welcome and General Information. */
export async function reachMoreDetails(
  page: Page,
  { server, email }: Applicant = {},
): Promise<void> {
  await startApplication(page, server);
  await passGeneralInformation(page, email);
}

/** A fresh wizard taken through every step, the application sent: the last step on screen. */
export async function completeApplication(
  page: Page,
  applicant: Applicant = {},
): Promise<void> {
  await reachMoreDetails(page, applicant);
  await passMoreDetails(page);
  await expect(thankYou(page)).toBeVisible();
}

/** Every More Details answer; `anythingElse` is left empty, as the optional field it is. */
export async function fillMoreDetails(page: Scope): Promise<void> {
  await textbox(page, 'What content angle or interest would you bring?').fill(
    'Food and slow travel',
  );
  await textbox(page, 'What deliverables do you intend to create?').fill(
    'Three reels and a blog post',
  );
  await textbox(page, 'What support are you looking for from us?').fill(
    'Accommodation for two nights',
  );
  await textbox(page, 'Links to past campaigns').fill(
    'https://ada.example/coast-week',
  );
  await answerYesNo(page, 'Have you contributed to media outlets?', 'Yes');
  await textbox(page, 'Describe More').fill('Guardian travel, 2024');
  await textbox(page, 'Have you visited before?').fill('Once, in 2019');
  await textbox(page, 'Tell us about the trip you have in mind').fill(
    'A week along the coast path',
  );
  await textbox(page, 'Preferred travel dates').fill('May 2027');
  await answerYesNo(page, 'Are your dates flexible?', 'No');
  await textbox(
    page,
    'Who is travelling with you? Names, titles and roles',
  ).fill('Charles Babbage, photographer');
  await answerYesNo(
    page,
    'Will a service animal or pet travel with you?',
    'No',
  );
  await answerYesNo(page, 'Is anyone in your party a wheelchair user?', 'No');
  await answerYesNo(
    page,
    'May we assist with accommodations for disabilities?',
    'Yes',
  );
  await textbox(page, 'Emergency contact name').fill('Mary Somerville');
  await textbox(page, 'Relationship').fill('Friend');
  await textbox(page, 'Phone').fill('+44 20 7946 0000');
}

export type CapturedRequest = {
  method: string;
  headers: Record<string, string>;
  body: unknown;
};

/** How the stand-in server answers one send: a status, possibly held back until a promise settles, or no answer at all. */
export type SubmissionAnswer =
  | { status: number; heldUntil?: Promise<unknown>; body?: unknown }
  | { networkFailure: true };

/** Answers the application PUT as `answer(n)` says for the n-th attempt, and records every request. */
export async function interceptSubmissions(
  page: Page,
  answer: (attempt: number) => SubmissionAnswer = () => ({ status: 201 }),
): Promise<CapturedRequest[]> {
  const requests: CapturedRequest[] = [];
  await page.route('**/api/syncPage/**', async (route) => {
    const request = route.request();
    requests.push({
      method: request.method(),
      headers: await request.allHeaders(),
      body: request.postDataJSON(),
    });
    const planned = answer(requests.length);
    if ('networkFailure' in planned) return route.abort('failed');
    await planned.heldUntil;
    await route.fulfill({
      status: planned.status,
      contentType: 'application/json',
      body: JSON.stringify(
        planned.body ??
          (planned.status < 300
            ? {
                id: '00000000-0000-4000-8000-000000000001',
                receivedAt: '2026-11-22T10:00:00.000Z',
              }
            : { error: 'unavailable' }),
      ),
    });
  });
  return requests;
}

/** The `fields` answers of a captured send. */
export function sentFields(
  request: CapturedRequest | undefined,
): Array<{ key: string; value: string }> {
  return (request?.body as { fields: Array<{ key: string; value: string }> })
    .fields;
}

/** The external creator sign-up page, served locally so a redirect can be observed. */
export async function stubSignInPage(page: Page): Promise<void> {
  await page.route(`${signInUrl}**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Creator sign-up</title><h1>Creator sign-up</h1>',
    }),
  );
}

/**
 * What the browser sends for the answers above: the same application the server tests use, in the
 * language the page was read in.
 */
export const expectedPayload = { ...validApplication(), language: 'en' };

/** Every application a server stored for `email`, each as the review API returns it. */
export async function storedApplications(
  request: APIRequestContext,
  email: string,
  server: ServerName = 'example',
): Promise<unknown[]> {
  const headers = { Authorization: `Bearer ${e2eAdminToken}` };
  const list = await request.get(
    serverUrl(server, `/api/applications?search=${encodeURIComponent(email)}`),
    { headers },
  );
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: Array<{ id: string }> };
  return Promise.all(
    items.map(async ({ id }) => {
      const item = await request.get(
        serverUrl(server, `/api/applications/${id}`),
        { headers },
      );
      expect(item.ok()).toBe(true);
      return item.json() as Promise<unknown>;
    }),
  );
}
