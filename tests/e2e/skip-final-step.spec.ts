import { expect, test } from '@playwright/test';
import {
  backButton,
  continueButton,
  fillGeneralInformation,
  fillPlatform,
  heading,
  interceptSubmissions,
  openWizard,
  passMoreDetails,
  reachMoreDetails,
  serverError,
  signInButton,
  signInUrl,
  startApplication,
  stubSignInPage,
} from '../support/wizard.ts';

const lastStep = 'One last thing';
const agreement =
  'I agree that my answers may be stored to review my application';

test('validates More Details without sending, then sends from the last step and redirects', async ({
  page,
}) => {
  const requests = await interceptSubmissions(page);
  await stubSignInPage(page);
  await reachMoreDetails(page, { server: 'skipFinalStep' });
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
  await passMoreDetails(page);
  await expect(heading(page, lastStep)).toBeVisible();
  await expect(
    page.getByText(/the details you sent from ada@example\.com/),
  ).toBeVisible();
  expect(requests).toHaveLength(0);
  await expect(backButton(page)).toHaveCount(0);

  await signInButton(page).click();
  const agreed = page.getByRole('checkbox', { name: agreement });
  await expect(agreed).toBeFocused();
  await expect(agreed).toHaveAccessibleDescription('This field is required');
  expect(requests).toHaveLength(0);

  await agreed.check();
  await signInButton(page).click();
  await expect(page).toHaveURL(signInUrl);
  expect(requests).toHaveLength(1);
  const body = requests[0]?.body as Record<string, unknown>;
  expect(requests[0]?.method).toBe('PUT');
  expect(Object.keys(body).sort()).toEqual([
    'fields',
    'language',
    'personalInfo',
    'platforms',
  ]);
  expect(JSON.stringify(body)).not.toContain('agreement');
  expect(JSON.stringify(body)).not.toContain('filled');
});

test('stays on the last step with the configured error text when the send fails', async ({
  page,
}) => {
  await interceptSubmissions(page, () => ({ status: 500 }));
  await reachMoreDetails(page, { server: 'skipFinalStep' });
  await passMoreDetails(page);
  await page.getByRole('checkbox', { name: agreement }).check();
  await signInButton(page).click();
  await expect(serverError(page)).toHaveText(
    'We could not send your application. Please try again.',
  );
  await expect(heading(page, lastStep)).toBeVisible();
});

test('names the one required platform and marks it with an asterisk', async ({
  page,
}) => {
  await startApplication(page, 'skipFinalStep');
  const instagram = page.getByRole('group', { name: 'Instagram', exact: true });
  await expect(instagram.locator('legend')).toHaveText('Instagram *');
  await fillGeneralInformation(page);
  await fillPlatform(page, 'Instagram', '', '');
  await fillPlatform(page, 'TikTok', 'ada', '500');
  await continueButton(page).click();
  await expect(page.getByText('Fill the required platform')).toBeVisible();
  await expect(
    instagram.getByRole('textbox', { name: 'Username' }),
  ).toBeFocused();
});

test('shows the one configured cover on every step in single-image mode', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const cover = page.locator('.wizard__cover img');
  await openWizard(page, 'skipFinalStep');
  await expect(cover).toHaveAttribute('src', /cover-1/);
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  await expect(cover).toHaveAttribute('src', /cover-1/);
  await fillGeneralInformation(page);
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
  await expect(cover).toHaveAttribute('src', /cover-1/);
});

test('checks the website address of the website platform', async ({ page }) => {
  await startApplication(page, 'skipFinalStep');
  const website = page.getByRole('group', { name: 'Website', exact: true });
  const address = website.getByRole('textbox', { name: 'Website URL' });
  await address.fill('ada.example');
  await website.getByRole('textbox', { name: 'Monthly visitors' }).fill('3000');
  await continueButton(page).click();
  await expect(address).toHaveAccessibleDescription('Enter your website URL');
  await address.fill('https://ada.travel/blog');
  await address.blur();
  await expect(address).toHaveAttribute('aria-invalid', 'false');
});

test('centres the logo when the configuration asks for it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openWizard(page, 'skipFinalStep');
  const logo = await page
    .getByRole('img', { name: 'Visit Aldmere Coast' })
    .boundingBox();
  const content = await page.getByRole('main').boundingBox();
  expect(
    logo &&
      content &&
      Math.abs(logo.x + logo.width / 2 - (content.x + content.width / 2)),
  ).toBeLessThan(2);
});
