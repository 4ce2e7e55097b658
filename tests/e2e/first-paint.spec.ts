import { expect, test } from '@playwright/test';
import { serverUrl } from '../support/servers.ts';
import {
  continueButton,
  heading,
  startApplication,
  textbox,
} from '../support/wizard.ts';

test('paints the Welcome step, styled and with its cover, before any script runs', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(serverUrl('example'));

  await expect(heading(page, 'Welcome!')).toBeVisible();
  await expect(continueButton(page)).toHaveCSS(
    'background-color',
    'rgb(11, 93, 102)',
  );
  const cover = page.locator('.wizard__cover-image');
  await expect(cover).toHaveJSProperty('complete', true);
  expect(
    await cover.evaluate((image: HTMLImageElement) => image.currentSrc),
  ).toMatch(/cover-0-\d+\.avif$/);
  await context.close();
});

test('hydrates the server-rendered step in place, without a warning, and goes on from it', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(message.text());
  });
  // The heading the server wrote, taken before any of the page's scripts runs.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        Object.assign(window, {
          serverHeading: document.querySelector('h1'),
        });
    });
  });
  await page.goto(serverUrl('example'));

  // React marks each node it has hydrated; the server's heading must be the one it took over.
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('h1') ?? {}).some((key) =>
      key.startsWith('__reactFiber'),
    ),
  );
  expect(
    await page.evaluate(
      () =>
        (window as { serverHeading?: Element }).serverHeading ===
        document.querySelector('h1'),
    ),
  ).toBe(true);
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  expect(messages).toEqual([]);
});

test('a reload on a later step shows that step with its answers, never the prerendered Welcome', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') messages.push(message.text());
  });
  await startApplication(page);
  await textbox(page, 'First Name').fill('Ada');
  // Whether the Welcome heading could be seen at the moment the page was parsed, before any script.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      const welcome = document.querySelector('h1');
      if (document.readyState === 'interactive' && welcome)
        Object.assign(window, {
          welcomeWasVisible: welcome.checkVisibility({
            visibilityProperty: true,
          }),
        });
    });
  });

  await page.reload();

  await expect(heading(page, 'General Information')).toBeVisible();
  await expect(textbox(page, 'First Name')).toHaveValue('Ada');
  await expect(heading(page, 'Welcome!')).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (window as { welcomeWasVisible?: boolean }).welcomeWasVisible,
    ),
  ).toBe(false);
  expect(messages).toEqual([]);
});

test('a Continue pressed before the script has arrived is kept, not sent as a plain form, and acted on', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(serverUrl('example'));
  await expect(heading(page, 'Welcome!')).toBeVisible();
  // Gone if the form were sent as a plain one and the page loaded anew.
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });

  await continueButton(page).click();
  release();

  await expect(heading(page, 'General Information')).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { samePage?: boolean }).samePage,
    ),
  ).toBe(true);
});
