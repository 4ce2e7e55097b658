import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { serverUrl } from '../support/servers.ts';
import {
  completeApplication,
  continueButton,
  fillGeneralInformation,
  heading,
  interceptSubmissions,
  openWizard,
  textbox,
  thankYou,
} from '../support/wizard.ts';

// axe runs in some states (see tests/support/axe.ts).
test.use({ bypassCSP: true });

test('each step is a history entry: Back and Forward move between steps with every answer kept, and Back on Welcome leaves', async ({
  page,
}) => {
  await page.goto('about:blank');
  await openWizard(page);
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  await expect(page).toHaveURL(/\?step=general-information$/);
  await fillGeneralInformation(page);
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
  await expect(page).toHaveURL(/\?step=more-details$/);
  await textbox(page, 'Emergency contact name').fill('Mary Somerville');

  await page.goBack();
  await expect(heading(page, 'General Information')).toBeVisible();
  await expect(textbox(page, 'First Name')).toHaveValue('Ada');
  await page.goForward();
  await expect(heading(page, 'More Details')).toBeVisible();
  await expect(textbox(page, 'Emergency contact name')).toHaveValue(
    'Mary Somerville',
  );
  // The page's own Back is the browser's.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  await page.goBack();
  await expect(heading(page, 'Welcome!')).toBeVisible();
  await expect(page).toHaveURL(serverUrl('example', '/'));
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
});

test('a reload on Welcome stays on Welcome, after the next step was built ahead and after Back from it', async ({
  page,
}) => {
  await openWizard(page);
  // The step after Welcome is built, hidden, when the browser is idle; once its form is live it
  // keeps the tab's draft, which must name the step on screen.
  const draftStep = () =>
    page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) =>
        name.startsWith('wizard-draft:'),
      );
      const draft = key ? sessionStorage.getItem(key) : null;
      return draft === null
        ? null
        : (JSON.parse(draft) as { stepIndex: number }).stepIndex;
    });
  await expect.poll(draftStep).toBe(0);
  await page.reload();
  await expect(heading(page, 'Welcome!')).toBeVisible();
  await expect(page).not.toHaveURL(/step=/);

  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  await expect.poll(draftStep).toBe(1);
  await page.goBack();
  await expect(heading(page, 'Welcome!')).toBeVisible();
  await expect.poll(draftStep).toBe(0);
  await page.reload();
  await expect(heading(page, 'Welcome!')).toBeVisible();
});

test('a link to a later step with earlier answers missing opens the first step that needs them', async ({
  page,
}) => {
  await page.goto(serverUrl('example', '/?step=more-details'));
  await expect(heading(page, 'General Information')).toBeVisible();
  await expect(page).toHaveURL(/\?step=general-information$/);
  // Back from there walks the steps before it, then leaves.
  await page.goBack();
  await expect(heading(page, 'Welcome!')).toBeVisible();
});

test('a reload after a sent application shows the thank-you step again, never a fresh form', async ({
  page,
}) => {
  await interceptSubmissions(page);
  await completeApplication(page);
  await expect(thankYou(page)).toBeVisible();
  await page.reload();
  await expect(thankYou(page)).toBeVisible();
  await expect(heading(page, 'Welcome!')).toHaveCount(0);
  await page.goBack();
  await expect(thankYou(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a reload of the thank-you step still names the address the application was sent from', async ({
  page,
}) => {
  await interceptSubmissions(page);
  await completeApplication(page, { email: 'grace@example.com' });
  const sentFrom = page.getByText(
    'the details you sent from grace@example.com and',
    { exact: false },
  );
  await expect(sentFrom).toBeVisible();
  await page.reload();
  await expect(thankYou(page)).toBeVisible();
  await expect(sentFrom).toBeVisible();
});

test('Back from the thank-you step keeps its address and page, since a sent application has no step to go back to, and still leaves in the end', async ({
  page,
}) => {
  await interceptSubmissions(page);
  await page.goto('about:blank');
  await completeApplication(page);
  await expect(page).toHaveURL(/\?step=creator-hub$/);
  // One Back for each entry the wizard made (Welcome, General Information, More Details), then the page before.
  for (let entry = 0; entry < 3; entry += 1) {
    await page.goBack();
    await expect(thankYou(page)).toBeVisible();
    await expect(page).toHaveURL(/\?step=creator-hub$/);
  }
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
});
