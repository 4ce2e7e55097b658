import { expect, test } from '@playwright/test';
import {
  continueButton,
  fillGeneralInformation,
  fillMoreDetails,
  fillPlatform,
  heading,
  startApplication,
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
  let requests = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT') requests += 1;
  });
  await startApplication(page, 'requiredPlatforms');
  await expect(
    page.getByRole('img', { name: 'Visit Aldmere Coast' }),
  ).toHaveCount(0);
  await fillGeneralInformation(page);
  await fillPlatform(page, 'YouTube', 'AdaTravels', '3400');
  await continueButton(page).click();
  await fillMoreDetails(page);
  await continueButton(page).click();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  expect(requests).toBe(0);
});
