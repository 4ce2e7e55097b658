import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { startFormServers } from '../support/form-servers.ts';
import { continueButton, heading } from '../support/wizard.ts';
import { signInByApi } from '../support/workspace.ts';

type FormServers = Awaited<ReturnType<typeof startFormServers>>;
let servers: FormServers;
let url = '';

test.beforeAll(async () => {
  // A server of its own, started on a machine that may be busy.
  test.setTimeout(180_000);
  servers = await startFormServers(1);
  url = servers.servers[0]?.url ?? '';
});
test.afterAll(() => servers?.stop());

test.setTimeout(120_000);
// axe runs on the screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

/**
 * A visit of its own from a newsletter's link that reaches General Information, closed once the
 * workspace's insights (read as `staff`) count it: a page closed before its events go out (a
 * moment later, as people leave) may take them along.
 */
async function visitFromNewsletter(browser: Browser, staff: Page) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/?utm_source=newsletter&utm_medium=email`);
  await expect(heading(page, 'Welcome!')).toBeVisible();
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await expect
    .poll(
      async () => {
        const insights = (await (
          await staff.request.get(
            `${url}/api/review/insights?from=${today}&to=${today}`,
          )
        ).json()) as { sources: Array<{ source: string }> };
        return insights.sources.some(({ source }) => source === 'newsletter');
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await context.close();
}

test('on a 375 px phone Insights fits the screen, its words stay readable and each table row names its columns', async ({
  browser,
  page,
}) => {
  servers.addStaff('nia@example.org', 'reviewer');
  await signInByApi(page, url, 'nia@example.org');
  await visitFromNewsletter(browser, page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${url}/review/insights`);
  const sources = page.getByRole('table', { name: 'Sources' });
  const newsletter = sources
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'newsletter' }) });
  await expect(newsletter).toBeVisible();

  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(375);

  // The funnel is a list of stages, each name and count in text of its own.
  const funnel = page.locator('.insights__funnel > li');
  await expect(funnel.first()).toContainText('Visits');
  await expect(funnel.first()).toContainText('1');

  // Every word shown is at least 12 px.
  const smallest = await page.evaluate(() => {
    let least = Infinity;
    const walker = document.createTreeWalker(
      document.querySelector('main') ?? document.body,
      NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      const rect = parent.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (parent.closest('.visually-hidden')) continue;
      const scale =
        parent instanceof SVGElement && parent.ownerSVGElement
          ? parent.ownerSVGElement.getBoundingClientRect().width /
            parent.ownerSVGElement.viewBox.baseVal.width
          : 1;
      least = Math.min(
        least,
        parseFloat(getComputedStyle(parent).fontSize) * scale,
      );
    }
    return least;
  });
  expect(smallest).toBeGreaterThanOrEqual(12);

  // The row's cells each say their column's name beside their value, on the screen.
  const labels = await newsletter.getByRole('cell').evaluateAll((cells) =>
    cells.map(
      (cell) =>
        // Chromium gives the content as the text it shows, then its alternative: `"Visits" / ""`.
        getComputedStyle(cell, '::before').content.split(' / ')[0],
    ),
  );
  expect(labels).toEqual([
    '"Medium"',
    '"Campaign"',
    '"Visits"',
    '"Applications"',
    '"Conversion"',
  ]);
  await expect(newsletter.getByRole('cell')).toHaveText([
    'email',
    '—',
    '1',
    '0',
    '0%',
  ]);
  expect(await seriousViolations(page)).toEqual([]);
});
