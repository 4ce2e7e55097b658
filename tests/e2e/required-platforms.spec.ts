import { expect, test } from '@playwright/test';
import {
  continueButton,
  fillGeneralInformation,
  fillPlatform,
  heading,
  openWizard,
  passMoreDetails,
  startApplication,
  thankYou,
} from '../support/wizard.ts';

test('asks for all required platforms until each is complete', async ({
  page,
}) => {
  await startApplication(page, 'requiredPlatforms');
  await continueButton(page).click();
  await expect(page.getByText('Fill all required platforms')).toBeVisible();
  await fillGeneralInformation(page);
  await continueButton(page).click();
  await expect(page.getByText('Fill all required platforms')).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: 'YouTube', exact: true })
      .getByRole('textbox', { name: 'Username' }),
  ).toBeFocused();
  await fillPlatform(page, 'YouTube', 'AdaTravels', '3400');
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
});

test('counts the send as success when no request URL is configured', async ({
  page,
}) => {
  const sends: string[] = [];
  page.on('request', (request) => {
    // The anonymous visit counts go to the server's own insights, not to a request URL.
    if (
      request.method() !== 'GET' &&
      new URL(request.url()).pathname !== '/api/events'
    )
      sends.push(request.url());
  });
  await startApplication(page, 'requiredPlatforms');
  await fillGeneralInformation(page);
  await fillPlatform(page, 'YouTube', 'AdaTravels', '3400');
  await continueButton(page).click();
  await passMoreDetails(page);
  await expect(thankYou(page)).toBeVisible();
  expect(sends).toEqual([]);
});

test('shows no logo when the configuration turns it off', async ({ page }) => {
  const logo = page.getByRole('img', { name: 'Visit Aldmere Coast' });
  await openWizard(page, 'requiredPlatforms');
  await expect(logo).toHaveCount(0);
  await openWizard(page);
  await expect(logo).toBeVisible();
});
