import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  answerYesNo,
  continueButton,
  fillGeneralInformation,
  fillMoreDetails,
  heading,
  interceptSubmissions,
  openWizard,
} from '../support/wizard.ts';

const screenshotDir = 'test-results/screenshots';
mkdirSync(screenshotDir, { recursive: true });

async function snapshot(page: Page, name: string) {
  // What a person sees a moment later: typing emitted (500 ms debounce), images decoded.
  await page.evaluate(() =>
    (document.activeElement as HTMLElement | null)?.blur(),
  );
  await page.waitForFunction(() =>
    [...document.images].every(
      (image) => image.complete && image.naturalWidth > 0,
    ),
  );
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: `${screenshotDir}/${name}.png`,
    fullPage: true,
  });
}

const background = (page: Page) =>
  page
    .locator('.wizard__content')
    .evaluate((element) => getComputedStyle(element).backgroundColor);

for (const { width, height, name } of [
  { width: 1280, height: 900, name: 'desktop' },
  { width: 375, height: 812, name: 'mobile' },
]) {
  test(`walks every step at ${width}px and saves a screenshot of each`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await interceptSubmissions(page);
    await openWizard(page);
    await snapshot(page, `${name}-0-welcome`);
    await continueButton(page).click();
    await continueButton(page).click();
    await snapshot(page, `${name}-1-general-information-errors`);
    await fillGeneralInformation(page);
    await snapshot(page, `${name}-1-general-information`);
    await continueButton(page).click();
    await expect(heading(page, 'More Details')).toBeVisible();
    await continueButton(page).click();
    await snapshot(page, `${name}-2-more-details-errors`);
    await fillMoreDetails(page);
    await snapshot(page, `${name}-2-more-details`);
    await continueButton(page).click();
    await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
    await snapshot(page, `${name}-3-creator-hub`);
  });
}

test('lays out a split screen with a step bar on desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openWizard(page);
  const cover = await page.locator('.wizard__cover').boundingBox();
  expect(cover?.x).toBe(0);
  expect(cover?.width).toBeCloseTo(576, 0);
  expect(cover?.height).toBe(900);
  const stepBar = page.getByRole('navigation', {
    name: 'Application progress',
  });
  await expect(stepBar).toBeVisible();
  expect((await stepBar.boundingBox())?.width).toBeLessThanOrEqual(540);
  await continueButton(page).click();
  await expect(
    page.getByRole('button', { name: 'Back', exact: true }),
  ).toHaveCount(1);
  await expect(page.locator('.button--back')).toBeVisible();
  await expect(page.locator('.back-arrow')).toBeHidden();
});

test('puts the cover on top, hides the step bar and shows a back arrow on mobile', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openWizard(page);
  await expect(
    page.getByRole('navigation', { name: 'Application progress' }),
  ).toBeHidden();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await continueButton(page).click();
  const back = page.getByRole('button', { name: 'Back', exact: true });
  await expect(back).toHaveCount(1);
  await expect(page.locator('.back-arrow')).toBeVisible();
  const continueBox = await continueButton(page).boundingBox();
  expect(continueBox?.width).toBeGreaterThan(320);
  await back.click();
  await expect(heading(page, 'Welcome!')).toBeVisible();
});

test('scrolls past the cover to the new step on mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openWizard(page);
  await continueButton(page).click();
  const title = heading(page, 'General Information');
  await expect(title).toBeFocused();
  await expect
    .poll(
      async () => (await page.locator('.wizard__cover').boundingBox())?.y ?? 0,
    )
    .toBeLessThanOrEqual(-243);
  const top = (await title.boundingBox())?.y ?? -1;
  expect(top).toBeGreaterThan(0);
  expect(top).toBeLessThan(120);
  await expect(
    page.getByRole('button', { name: 'Back', exact: true }),
  ).toBeInViewport();
});

test('changes the cover with the step and tints only the gray steps', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await interceptSubmissions(page);
  await openWizard(page);
  const cover = page.locator('.wizard__cover img');
  await expect(cover).toHaveAttribute('src', /cover-0/);
  expect(await background(page)).toBe('rgb(242, 244, 245)');
  await continueButton(page).click();
  await expect(cover).toHaveAttribute('src', /cover-1/);
  await fillGeneralInformation(page);
  await continueButton(page).click();
  await expect(cover).toHaveAttribute('src', /cover-2/);
  expect(await background(page)).toBe('rgb(255, 255, 255)');
  await fillMoreDetails(page);
  await continueButton(page).click();
  await expect(cover).toHaveAttribute('src', /cover-3/);
  expect(await background(page)).toBe('rgb(242, 244, 245)');
});

test('opens footer links in a new tab without a window opener', async ({
  page,
}) => {
  await openWizard(page);
  const links = page.getByRole('contentinfo').getByRole('link');
  await expect(links).toHaveCount(2);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
  }
  await expect(page.getByRole('contentinfo')).toContainText(
    'Questions about the programme?',
  );
});

test('expands the follow-up in 0.2 s, and not at all under reduced motion', async ({
  page,
}) => {
  await interceptSubmissions(page);
  await openWizard(page);
  await continueButton(page).click();
  await fillGeneralInformation(page);
  await continueButton(page).click();
  await answerYesNo(page, 'Have you contributed to media outlets?', 'Yes');
  const followUp = page.locator('.yes-no__follow-up');
  expect(
    await followUp.evaluate(
      (element) => getComputedStyle(element).animationDuration,
    ),
  ).toBe('0.2s');
  await answerYesNo(page, 'Have you contributed to media outlets?', 'No');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await answerYesNo(page, 'Have you contributed to media outlets?', 'Yes');
  expect(
    await followUp.evaluate(
      (element) => getComputedStyle(element).animationName,
    ),
  ).toBe('none');
});
