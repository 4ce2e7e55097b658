import { expect, test, type Page } from '@playwright/test';
import { loadBuiltWizard } from '../../src/server/built-wizard.ts';
import { renderUnavailableCallPage } from '../../src/server/public/call-pages.ts';
import { loadWizardConfig } from '../../src/server/wizard-config.ts';
import { contentOutsideLandmarks, seriousViolations } from '../support/axe.ts';
import { serverUrl } from '../support/servers.ts';
import { heading } from '../support/wizard.ts';

// axe is injected as an inline script, which the page's policy rightly blocks (tests/support/axe.ts).
test.use({ bypassCSP: true });

/** The scripts a page asks for, counted from the start of its loading. */
function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

for (const width of [1280, 375])
  test(`/calls lists the default call, without script, axe-clean at ${width}px, and its link opens the form`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const scripts = scriptsRequested(page);
    await page.goto(serverUrl('example', '/calls'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Open calls' }),
    ).toBeVisible();
    // Other tests open calls of their own on this server: the default call's card is one of them.
    const card = page.getByRole('listitem').filter({
      has: page.locator('a[href="/apply/aldmere-creators"]'),
    });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Open until further notice');
    const cover = card.getByRole('img');
    await expect(cover).toHaveJSProperty('complete', true);
    // The cover's box has its proportions from the stylesheet, whatever the image's own.
    const box = await cover.boundingBox();
    expect(box && Math.round((box.width / box.height) * 10) / 10).toBe(1.5);
    expect(
      await cover.evaluate((image: HTMLImageElement) => image.currentSrc),
    ).toMatch(/\.avif$/);
    // Nothing sits wider than the screen.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth,
      ),
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await contentOutsideLandmarks(page)).toEqual([]);
    expect(scripts).toEqual([]);

    await card.getByRole('link').click();
    await expect(heading(page, 'Welcome!')).toBeVisible();
  });

test('a closed call’s page says so and leads to the open calls, axe-clean at 1280 and 375px', async ({
  page,
}) => {
  const loaded = loadWizardConfig('config/example.wizard.json');
  const { stylesheet } = await loadBuiltWizard('dist');
  const { html } = renderUnavailableCallPage(
    { title: 'Summer on the coast 2027', status: 'closed' },
    { config: loaded.config, stylesheet },
  );
  // Served at a call's address by the page's own server, which serves its images and `/calls`.
  const address = serverUrl('example', '/apply/summer-2027');
  await page.route(address, (route) =>
    route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }),
  );
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(address);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Summer on the coast 2027' }),
    ).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      'Applications for this call have closed.',
    );
    await expect(page.getByRole('textbox')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await contentOutsideLandmarks(page)).toEqual([]);
  }
  await page.getByRole('link', { name: 'See the open calls' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Open calls' }),
  ).toBeVisible();
});
