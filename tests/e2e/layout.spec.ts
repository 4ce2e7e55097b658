import { applicantPagePath } from '#engine/sync-page.ts';
import { defaultTexts } from '#engine/texts.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  answerYesNo,
  backButton,
  continueButton,
  fillGeneralInformation,
  fillMoreDetails,
  heading,
  interceptSubmissions,
  openWizard,
  passGeneralInformation,
  passMoreDetails,
  signInButton,
  startApplication,
  thankYou,
} from '../support/wizard.ts';

/** Images that should be showing but are not: broken, or still loading although in view. */
const missingImages = (page: Page) =>
  page.evaluate(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        // A lazy image far below the fold is not fetched yet, as intended; nor is one in the next
        // step, rendered hidden ahead of time.
        const isDeferred =
          (image.loading === 'lazy' &&
            (box.bottom < 0 || box.top > window.innerHeight)) ||
          !image.checkVisibility();
        return !isDeferred && !(image.complete && image.naturalWidth > 0);
      })
      .map((image) => image.currentSrc || image.src),
  );

const overflowingWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Whether something else is drawn over the button, sampled at its centre and towards each corner. */
const isCovered = (button: Locator) =>
  button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return [
      [0.5, 0.5],
      [0.2, 0.25],
      [0.8, 0.25],
      [0.2, 0.75],
      [0.8, 0.75],
    ].some(([x = 0, y = 0]) => {
      const top = document.elementFromPoint(
        box.left + box.width * x,
        box.top + box.height * y,
      );
      return !top || !element.contains(top);
    });
  });

/** What would make a step unusable at this width: sideways scrolling, a missing image, the heading or its button out of reach. */
async function expectUsableStep(page: Page, title: string, action: Locator) {
  await expect(heading(page, title)).toBeVisible();
  await expect.poll(() => overflowingWidth(page)).toBeLessThanOrEqual(0);
  await expect.poll(() => missingImages(page)).toEqual([]);
  await action.scrollIntoViewIfNeeded();
  await expect(action).toBeInViewport();
  expect(await isCovered(action)).toBe(false);
}

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  // The whole wizard is filled in, and every step's geometry read: a minute on a busy machine.
  test(`keeps every step usable at ${width}px: no sideways scrolling, every image shown, nothing over the button`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await interceptSubmissions(page);
    await openWizard(page);
    await expectUsableStep(page, 'Welcome!', continueButton(page));
    await continueButton(page).click();
    await expect(heading(page, 'General Information')).toBeVisible();
    await continueButton(page).click();
    await expectUsableStep(page, 'General Information', continueButton(page));
    await fillGeneralInformation(page);
    await expectUsableStep(page, 'General Information', continueButton(page));
    await continueButton(page).click();
    await expect(heading(page, 'More Details')).toBeVisible();
    await continueButton(page).click();
    await expectUsableStep(page, 'More Details', continueButton(page));
    await fillMoreDetails(page);
    await expectUsableStep(page, 'More Details', continueButton(page));
    await continueButton(page).click();
    await expectUsableStep(
      page,
      'Thank you for your submission!',
      signInButton(page),
    );
    await expect(
      page.getByRole('link', { name: defaultTexts.followApplication }),
    ).toHaveAttribute('href', applicantPagePath);
  });
}

// One page, narrowed from one width to the next: the search's width follows the page's alone (CSS).
test(`shows the calling-code search's whole placeholder at 320px and 375px`, async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await startApplication(page);
  const search = page.getByRole('combobox', {
    name: 'Country calling code',
    exact: true,
  });
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await search.click();
    await expect(search).toHaveAttribute('placeholder', 'Search...');
    const room = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no canvas');
      context.font = style.font;
      return {
        text: context.measureText(input.placeholder).width,
        box:
          input.clientWidth -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight),
      };
    });
    expect(room.text, `at ${width}px`).toBeLessThanOrEqual(room.box);
    await page.keyboard.press('Escape');
    // Focus leaves the search, so the next width's click opens it as a person's would.
    await heading(page, 'General Information').click();
  }
});

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
  await expect(backButton(page)).toHaveCount(1);
  await expect(
    page.locator('.button--back').filter({ visible: true }),
  ).toBeVisible();
  await expect(page.locator('.back-arrow')).toBeHidden();
});

test('puts the cover on top, hides the step bar and shows a back arrow on mobile', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openWizard(page);
  const cover = await page.locator('.wizard__cover').boundingBox();
  expect(cover).toMatchObject({ x: 0, y: 0, width: 375 });
  const title = await heading(page, 'Welcome!').boundingBox();
  expect(title?.y).toBeGreaterThanOrEqual(
    (cover?.y ?? 0) + (cover?.height ?? 0),
  );
  await expect(
    page.getByRole('navigation', { name: 'Application progress' }),
  ).toBeHidden();
  await expect(backButton(page)).toHaveCount(0);
  await continueButton(page).click();
  await expect(backButton(page)).toHaveCount(1);
  await expect(page.locator('.back-arrow')).toBeVisible();
  const continueBox = await continueButton(page).boundingBox();
  expect(continueBox?.width).toBeGreaterThan(320);
  await backButton(page).click();
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
  await expect(backButton(page)).toBeInViewport();
});

test('changes the cover with the step and tints only the gray steps', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await interceptSubmissions(page);
  const cover = page.locator('.wizard__cover img');
  const content = page.locator('.wizard__content');
  const gray = 'rgb(242, 244, 245)';
  await openWizard(page);
  await expect(cover).toHaveAttribute('src', /cover-0/);
  await expect(content).toHaveCSS('background-color', gray);
  await continueButton(page).click();
  await expect(cover).toHaveAttribute('src', /cover-1/);
  await expect(content).toHaveCSS('background-color', gray);
  await passGeneralInformation(page);
  await expect(cover).toHaveAttribute('src', /cover-2/);
  await expect(content).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await passMoreDetails(page);
  await expect(thankYou(page)).toBeVisible();
  await expect(cover).toHaveAttribute('src', /cover-3/);
  await expect(content).toHaveCSS('background-color', gray);
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
  await startApplication(page);
  await passGeneralInformation(page);
  const question = 'Have you contributed to media outlets?';
  const followUp = page.locator('.yes-no__follow-up');
  await answerYesNo(page, question, 'Yes');
  await expect(followUp).toHaveCSS('animation-duration', '0.2s');
  await answerYesNo(page, question, 'No');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await answerYesNo(page, question, 'Yes');
  await expect(followUp).toHaveCSS('animation-name', 'none');
});

// Phones, tablets in both orientations, split windows and wide screens, the widths in between
// included: every step, with its errors shown and with each picker open. The layout follows the
// width alone (CSS), so one page is taken through the steps and, at each state, resized through
// every width.
const sidewaysWidths = [
  320, 360, 414, 480, 577, 600, 640, 690, 768, 900, 1024, 1440, 1920,
];

/**
 * The page resized to each width in turn, where it must not scroll sideways in `state`; `alsoAt`
 * checks more at each width. The first width is left on screen.
 */
async function neverSidewaysAtEveryWidth(
  page: Page,
  state: string,
  alsoAt: (width: number) => Promise<void> = async () => {},
) {
  for (const width of sidewaysWidths) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await overflowingWidth(page),
      `${state} at ${width}px`,
    ).toBeLessThanOrEqual(0);
    await alsoAt(width);
  }
  await page.setViewportSize({ width: sidewaysWidths[0] ?? 320, height: 900 });
}

test(`never scrolls sideways at ${sidewaysWidths.join(', ')}px, errors shown and pickers open`, async ({
  page,
}) => {
  // Thirteen widths at each of four states, one page: about as long as two walks of the wizard.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: sidewaysWidths[0] ?? 320, height: 900 });
  await interceptSubmissions(page);
  await openWizard(page);
  await expect(heading(page, 'Welcome!')).toBeVisible();
  await neverSidewaysAtEveryWidth(page, 'Welcome');
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  await continueButton(page).click();
  await expect(
    page.getByRole('textbox', { name: 'First Name' }),
  ).toHaveAttribute('aria-invalid', 'true');
  await neverSidewaysAtEveryWidth(
    page,
    'General Information, errors shown,',
    async (width) => {
      for (const picker of ['Country calling code', 'Country']) {
        await page.getByRole('combobox', { name: picker, exact: true }).click();
        await expect(page.getByRole('listbox')).toBeVisible();
        expect(
          await overflowingWidth(page),
          `${picker} open at ${width}px`,
        ).toBeLessThanOrEqual(0);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('listbox')).toBeHidden();
      }
    },
  );
  await fillGeneralInformation(page);
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
  await continueButton(page).click();
  await expect(
    page.getByRole('radiogroup', { name: 'Are your dates flexible?' }),
  ).toHaveAttribute('aria-invalid', 'true');
  await neverSidewaysAtEveryWidth(page, 'More Details, errors shown,');
});

test('at 375×667 the Welcome step fits the screen, and no picker’s placeholder is cut', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await openWizard(page);
  await expect(heading(page, 'Welcome!')).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    ),
  ).toBeLessThanOrEqual(0);
  await expect(continueButton(page)).toBeInViewport();
  await expect(page.getByRole('contentinfo')).toBeInViewport();

  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  for (const name of ['Country calling code', 'Country']) {
    const picker = page.getByRole('combobox', { name, exact: true });
    await picker.click();
    await expect(picker).toHaveAttribute('placeholder', 'Search...');
    // The placeholder's width in the input's own font, against the room inside its padding.
    const room = await picker.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return -1;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return (
        input.clientWidth -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        context.measureText(input.placeholder).width
      );
    });
    expect(room, name).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Escape');
  }
});

// One page, resized from one phone to the other: the layout follows the screen's size alone (CSS).
test(`at 375×812 and 414×896 the Welcome step's page fills the screen: no band of page background under the footer`, async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openWizard(page);
  for (const { width, height } of [
    { width: 375, height: 812 },
    { width: 414, height: 896 },
  ]) {
    await page.setViewportSize({ width, height });
    const band = await page.evaluate(() => {
      const content = document.querySelector('.wizard__content');
      if (!content) throw new Error('no content');
      return window.innerHeight - content.getBoundingClientRect().bottom;
    });
    expect(band, `at ${width}×${height}`).toBeLessThanOrEqual(0);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollHeight - window.innerHeight,
      ),
      `at ${width}×${height}`,
    ).toBeLessThanOrEqual(0);
  }
});
