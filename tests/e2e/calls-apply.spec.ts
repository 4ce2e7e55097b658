import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { defaultTexts } from '../../src/engine/texts.ts';
import type { FormState } from '../../src/review-api/form.ts';
import type { InboxItem } from '../../src/review-api/inbox.ts';
import { seriousViolations } from '../support/axe.ts';
import { serverUrl } from '../support/servers.ts';
import {
  continueButton,
  heading,
  passGeneralInformation,
  passMoreDetails,
  textbox,
  thankYou,
  uniqueEmail,
} from '../support/wizard.ts';
import { addStaff, signIn } from '../support/workspace.ts';

// A call of its own, beside the example's default call: applied to at its own address, held in
// its own inbox, and closed. axe runs on the closed call's page.
test.use({ bypassCSP: true });
// Signs in (argon2id, slow by design), publishes, and fills the wizard twice.
test.setTimeout(120_000);

const origin = serverUrl('example', '');

/** The staff API as the signed-in page calls it. */
async function staffApi<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(serverUrl('example', path), {
    method,
    headers: { origin },
    ...(data !== undefined && { data }),
  });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return (await response.json()) as T;
}

const inboxOf = async (page: Page, call: string, email: string) =>
  (
    await staffApi<{ items: InboxItem[] }>(
      page,
      'GET',
      `/api/review/applications?call=${call}&search=${encodeURIComponent(email)}`,
    )
  ).items;

async function openCall(page: Page, slug: string, title: string) {
  await page.goto(serverUrl('example', `/apply/${slug}`));
  await expect(page).toHaveTitle(title);
  await expect(heading(page, 'Welcome!')).toBeVisible();
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
}

test('an admin opens a call of its own; an applicant applies at its address into its inbox alone; once it closes, its page and a send say so', async ({
  page: admin,
  browser,
}) => {
  await signIn(admin, addStaff('admin'));
  const slug = `spring-${randomUUID().slice(0, 8)}`;
  const created = await staffApi<{ slug: string }>(
    admin,
    'POST',
    '/api/review/calls',
    {
      slug,
      title: 'Spring press trip',
      summary: 'Three creators, one week in April.',
      places: 5,
      closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
  );
  expect(created).toEqual({ slug });
  // Reworded and published as the call's own version 2; the default call's form is untouched.
  const form = await staffApi<FormState>(
    admin,
    'GET',
    `/api/review/calls/${slug}/form`,
  );
  await staffApi(admin, 'POST', `/api/review/calls/${slug}/form/publish`, {
    baseVersion: form.version,
    config: { ...form.config, title: 'Spring press trip · Aldmere' },
  });

  const applicantContext = await browser.newContext();
  const applicant = await applicantContext.newPage();
  const email = uniqueEmail('spring');
  await openCall(applicant, slug, 'Spring press trip · Aldmere');
  await passGeneralInformation(applicant, email);
  await passMoreDetails(applicant);
  await expect(thankYou(applicant)).toBeVisible();
  expect(await inboxOf(admin, slug, email)).toEqual([
    expect.objectContaining({
      call: { slug, title: 'Spring press trip' },
      late: false,
    }),
  ]);
  expect(await inboxOf(admin, 'aldmere-creators', email)).toEqual([]);

  await applicantContext.close();

  // Someone half-way through as the call closes (more than the grace hour ago).
  const lateContext = await browser.newContext();
  const late = await lateContext.newPage();
  const lateEmail = uniqueEmail('too-late');
  await openCall(late, slug, 'Spring press trip · Aldmere');
  await passGeneralInformation(late, lateEmail);
  await staffApi(admin, 'PATCH', `/api/review/calls/${slug}`, {
    closesAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  });
  await passMoreDetails(late);
  const alert = late.getByRole('alert').filter({
    hasText: defaultTexts.callClosed,
  });
  await expect(alert).toBeVisible();
  await expect(
    alert.getByRole('link', { name: defaultTexts.seeOpenCalls }),
  ).toHaveAttribute('href', '/calls');
  // Nothing typed is lost.
  await expect(
    textbox(late, 'Tell us about the trip you have in mind'),
  ).toHaveValue('A week along the coast path');
  expect(await inboxOf(admin, slug, lateEmail)).toEqual([]);

  await late.goto(serverUrl('example', `/apply/${slug}`));
  await expect(late.getByText(defaultTexts.callClosed)).toBeVisible();
  expect(await seriousViolations(late)).toEqual([]);
  await late.getByRole('link', { name: defaultTexts.seeOpenCalls }).click();
  await expect(late).toHaveURL(serverUrl('example', '/calls'));
  await expect(
    late.getByRole('link', { name: 'Spring press trip' }),
  ).toHaveCount(0);
  await lateContext.close();
});
