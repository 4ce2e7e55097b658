import { expect, test } from '@playwright/test';
import { contentOutsideLandmarks, seriousViolations } from '../support/axe.ts';
import {
  continueButton,
  heading,
  interceptSubmissions,
  openWizard,
  passGeneralInformation,
  reachMoreDetails,
  passMoreDetails,
  startApplication,
  textbox,
  thankYou,
} from '../support/wizard.ts';

// axe runs on every step (see tests/support/axe.ts).
test.use({ bypassCSP: true });

for (const width of [1280, 375]) {
  test(`finds no serious or critical axe violation on any step, errors shown, at ${width}px`, async ({
    page,
  }) => {
    // The whole wizard is filled in and axe runs five times: about a minute on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await interceptSubmissions(page);
    await openWizard(page);
    expect(await seriousViolations(page)).toEqual([]);
    await continueButton(page).click();
    await expect(heading(page, 'General Information')).toBeVisible();
    await continueButton(page).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('combobox', { name: 'Country', exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await passGeneralInformation(page);
    await continueButton(page).click();
    expect(await seriousViolations(page)).toEqual([]);
    await passMoreDetails(page);
    await expect(thankYou(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('never lets the keyboard reach the honeypot', async ({ page }) => {
  await startApplication(page);
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(page.locator('.honeypot')).toHaveAttribute(
    'aria-hidden',
    'true',
  );
  const reached: string[] = [];
  for (let press = 0; press < 40; press += 1) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(() => {
        const focused = document.activeElement as HTMLInputElement | null;
        return focused?.name || focused?.textContent?.trim() || '';
      }),
    );
  }
  // The honeypot follows Continue: a walk that passed Continue would have met it.
  expect(reached).toContain('Continue');
  expect(reached).not.toContain('website');
});

test('gives every visible field a name and marks required ones', async ({
  page,
}) => {
  await startApplication(page);
  await expect(textbox(page, 'First Name')).toHaveAttribute(
    'aria-required',
    'true',
  );
  const fields = page.getByRole('textbox').or(page.getByRole('combobox'));
  expect(await fields.count()).toBeGreaterThan(5);
  for (const field of await fields.all())
    await expect(field).toHaveAccessibleName(/\w/);
  await expect(page.locator('label', { hasText: 'First Name' })).toContainText(
    '*',
  );
  await expect(
    page
      .getByRole('group', { name: 'Platforms you share content on' })
      .locator('legend')
      .first(),
  ).toContainText('*');
});

for (const width of [1280, 375])
  test(`puts the cover and everything else on the page in a landmark at ${width}px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openWizard(page);
    const cover = page.getByRole('complementary').getByRole('img');
    await expect(cover).toHaveAccessibleName(/lighthouse/);
    expect(await contentOutsideLandmarks(page)).toEqual([]);
    await continueButton(page).click();
    await expect(heading(page, 'General Information')).toBeVisible();
    expect(await contentOutsideLandmarks(page)).toEqual([]);
  });

test('shows a right-to-left answer right to left, in inputs and text areas alike', async ({
  page,
}) => {
  await reachMoreDetails(page);
  const trip = textbox(page, 'Tell us about the trip you have in mind');
  const relationship = textbox(page, 'Relationship');
  await trip.fill('رحلة على طول الساحل');
  await relationship.fill('צלם');
  await textbox(page, 'Emergency contact name').fill('Mary Somerville');
  const direction = (field: typeof trip) =>
    field.evaluate((element) => (element.matches(':dir(rtl)') ? 'rtl' : 'ltr'));
  expect(await direction(trip)).toBe('rtl');
  expect(await direction(relationship)).toBe('rtl');
  expect(await direction(textbox(page, 'Emergency contact name'))).toBe('ltr');
});
