import { expect, test, type Page } from '@playwright/test';
import {
  completeApplication,
  continueButton,
  expectedPayload,
  fillMoreDetails,
  reachMoreDetails,
  serverError,
  storedApplications,
  textbox,
  thankYou,
  uniqueEmail,
} from '../support/wizard.ts';

/** The Content-Security-Policy directives the page breaks from now on. */
async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (directive: string) =>
    violations.push(directive),
  );
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (
        window as unknown as { reportCspViolation: (directive: string) => void }
      ).reportCspViolation(event.violatedDirective),
    ),
  );
  return violations;
}

test('stores a full application through the real server, readable through the review API', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('ada');
  const violations = await watchCspViolations(page);
  await completeApplication(page, { email });
  const stored = await storedApplications(request, email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    pageId: 'aldmere-creators',
    payload: {
      ...expectedPayload,
      personalInfo: { ...expectedPayload.personalInfo, emailAddress: email },
    },
  });
  expect(violations).toEqual([]);
});

test('stores one application when the final Continue is double-clicked', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('double');
  await reachMoreDetails(page, { email });
  await fillMoreDetails(page);
  await continueButton(page).dblclick();
  await expect(thankYou(page)).toBeVisible();
  expect(await storedApplications(request, email)).toHaveLength(1);
});

test('stores one application when the answer to the first send is lost and the applicant retries', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('lost');
  await reachMoreDetails(page, { email });
  await fillMoreDetails(page);
  let isFirst = true;
  await page.route('**/api/syncPage/**', async (route) => {
    if (!isFirst) return route.continue();
    isFirst = false;
    await route.fetch();
    await route.abort('failed');
  });
  await continueButton(page).click();
  await expect(serverError(page)).toHaveText(
    'Something went wrong. Please, try again later.',
  );
  await continueButton(page).click();
  await expect(thankYou(page)).toBeVisible();
  expect(await storedApplications(request, email)).toHaveLength(1);
});

test('a NUL pasted into an answer is refused at that answer before anything is sent, and the application goes once it is removed', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('nul');
  const sends: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/syncPage/'))
      sends.push(response.status());
  });
  await reachMoreDetails(page, { email });
  await fillMoreDetails(page);
  const party = textbox(
    page,
    'Who is travelling with you? Names, titles and roles',
  );
  await party.fill('');
  await party.focus();
  await page.evaluate(
    (text) => navigator.clipboard.writeText(text),
    'Charles Babbage\u0000, photographer',
  );
  await page.keyboard.press('Control+V');
  await expect(party).toHaveValue('Charles Babbage\u0000, photographer');
  await continueButton(page).click();
  await expect(party).toBeFocused();
  await expect(party).toHaveAttribute('aria-invalid', 'true');
  await expect(party).toHaveAccessibleDescription(
    'This answer holds a hidden character that cannot be saved. Please type it instead of pasting it.',
  );
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(sends).toEqual([]);

  await party.fill('Charles Babbage, photographer');
  await expect(party).toHaveAttribute('aria-invalid', 'false');
  await continueButton(page).click();
  await expect(thankYou(page)).toBeVisible();
  expect(sends).toEqual([201]);
  expect(await storedApplications(request, email)).toHaveLength(1);
});
