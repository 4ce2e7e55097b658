import { expect, test } from '@playwright/test';
import {
  continueButton,
  fillGeneralInformation,
  fillMoreDetails,
  fillPlatform,
  heading,
  interceptSubmissions,
  signInUrl,
  startApplication,
  stubSignInPage,
} from '../support/wizard.ts';
import { serverUrl } from '../support/servers.ts';

test('validates More Details without sending, then sends from the last step and redirects', async ({
  page,
}) => {
  const requests = await interceptSubmissions(page);
  await stubSignInPage(page);
  await startApplication(page, 'skipFinalStep');
  await fillGeneralInformation(page);
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
  await fillMoreDetails(page);
  await continueButton(page).click();
  await expect(heading(page, 'One last thing')).toBeVisible();
  await expect(
    page.getByText(/the details you sent from ada@example\.com/),
  ).toBeVisible();
  expect(requests).toHaveLength(0);
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);

  const signIn = page.getByRole('button', { name: 'Sign In' });
  await signIn.click();
  const agreement = page.getByRole('checkbox', { name: /I agree/ });
  await expect(agreement).toBeFocused();
  await expect(agreement).toHaveAccessibleDescription('This field is required');
  expect(requests).toHaveLength(0);

  await agreement.check();
  await signIn.click();
  await expect(page).toHaveURL(signInUrl);
  expect(requests).toHaveLength(1);
  const body = requests[0]?.body as Record<string, unknown>;
  expect(requests[0]?.method).toBe('PUT');
  expect(Object.keys(body).sort()).toEqual([
    'fields',
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
  await startApplication(page, 'skipFinalStep');
  await fillGeneralInformation(page);
  await continueButton(page).click();
  await fillMoreDetails(page);
  await continueButton(page).click();
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'We could not send your application. Please try again.',
  );
  await expect(heading(page, 'One last thing')).toBeVisible();
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

test('shows one cover for every step in single-image mode', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(serverUrl('skipFinalStep'));
  const cover = page.locator('.wizard__cover img');
  const first = await cover.getAttribute('src');
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  expect(await cover.getAttribute('src')).toBe(first);
  expect(first).toContain('cover-1');
});

test('checks the website address of the website platform', async ({ page }) => {
  await startApplication(page, 'skipFinalStep');
  const website = page.getByRole('group', { name: 'Website', exact: true });
  await website
    .getByRole('textbox', { name: 'Website URL' })
    .fill('ada.example');
  await website.getByRole('textbox', { name: 'Monthly visitors' }).fill('3000');
  await continueButton(page).click();
  await expect(
    website.getByRole('textbox', { name: 'Website URL' }),
  ).toHaveAccessibleDescription('Enter your website URL');
  await website
    .getByRole('textbox', { name: 'Website URL' })
    .fill('https://ada.travel/blog');
  await website.getByRole('textbox', { name: 'Website URL' }).blur();
  await expect(
    website.getByRole('textbox', { name: 'Website URL' }),
  ).toHaveAttribute('aria-invalid', 'false');
});

test('centres the logo when the configuration asks for it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(serverUrl('skipFinalStep'));
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
