import { randomUUID } from 'node:crypto';
import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { allViolations } from '../support/axe.ts';
import { serverUrl } from '../support/servers.ts';
import {
  addStaff,
  signIn,
  submitApplication,
  submitTagged,
} from '../support/workspace.ts';

// axe runs on every screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = {
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
};

/** A signed-in admin in a browser of its own, sized and with the pointer given. */
async function adminIn(
  browser: Browser,
  options: BrowserContextOptions,
  { withClock = false } = {},
): Promise<Page> {
  const context = await browser.newContext({ ...options, bypassCSP: true });
  const page = await context.newPage();
  // A clock the test can stop; it runs as usual until then.
  if (withClock) await page.clock.install();
  await signIn(page, addStaff('admin'));
  return page;
}

/** The rows of the inbox whose whole height is inside the window. */
const rowsInView = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('.inbox__table tbody tr')].filter(
        (row) => row.getBoundingClientRect().bottom <= window.innerHeight,
      ).length,
  );

test('at 1280×800 the inbox shows at least 12 whole rows, and keeps name, stage and votes beside the open application', async ({
  browser,
}) => {
  const page = await adminIn(browser, desktop);
  // More applications than a screen holds, the newest listed first; the list
  // is narrowed to them because tests in other workers add rows of their own.
  const tag = `layout-${randomUUID().slice(0, 8)}`;
  await submitTagged(page, tag, 14);
  await page.goto(serverUrl('example', `/review?tag=${tag}`));
  await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(0);
  await expect(
    page.getByRole('link', { name: /Lovelace/ }).nth(13),
  ).toBeVisible();
  const shown = await rowsInView(page);
  expect(shown).toBeGreaterThanOrEqual(12);
  test.info().annotations.push({
    type: 'rows in view at 1280×800',
    description: String(shown),
  });
  await expect(page).toHaveTitle('Applications · Visit Aldmere Coast');
  await expect(
    page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('link', { name: 'Applications' }),
  ).toHaveAttribute('aria-current', 'page');
  expect(await allViolations(page)).toEqual([]);

  const first = page.getByRole('table').getByRole('row').nth(1);
  const name = (await first.getByRole('link').first().textContent()) ?? '';
  await first.getByRole('link', { name, exact: true }).click();
  const panel = page.getByRole('complementary');
  await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page).toHaveTitle(
    `${name} · Applications · Visit Aldmere Coast`,
  );
  const list = await page.getByRole('main').boundingBox();
  for (const column of ['Name', 'Stage', 'Votes']) {
    const header = page.getByRole('columnheader', {
      name: column,
      exact: true,
    });
    await expect(header).toBeVisible();
    const box = await header.boundingBox();
    // Whole, inside the list's half of the screen, left of the open application.
    expect(box && list && box.x + box.width <= list.x + list.width).toBe(true);
  }
  await expect(first.locator('.stage-pill')).toBeVisible();
  const noScroll = await page.evaluate(
    () =>
      document.documentElement.scrollWidth <=
      document.documentElement.clientWidth,
  );
  expect(noScroll).toBe(true);
  expect(await allViolations(page)).toEqual([]);
  await page.context().close();
});

test('at 375 px on a touch screen: the application is a page with its stage actions at the bottom, no keyboard hints, the whole navigation', async ({
  browser,
}) => {
  // axe on every workspace screen, the Calls screen among them: about a minute on a busy machine.
  test.setTimeout(120_000);
  const page = await adminIn(browser, phone);
  const name = await submitApplication(page);
  await page.goto(serverUrl('example', `/review?search=${name.split(' ')[1]}`));
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  for (const link of await nav.getByRole('link').all()) {
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  }
  expect(await allViolations(page)).toEqual([]);

  await page.getByRole('link', { name, exact: true }).tap();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('complementary')).toHaveCount(0);
  expect(await allViolations(page)).toEqual([]);
  const stage = main.getByRole('group', { name: 'Stage' });
  const bottomOfStage = async () => {
    const box = await stage.boundingBox();
    return box && Math.round(box.y + box.height);
  };
  expect(await bottomOfStage()).toBe(812);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(main.getByRole('button', { name: 'Erase…' })).toBeInViewport();
  expect(await bottomOfStage()).toBe(812);
  // Nothing the page holds hides behind the actions: the last control scrolls clear of them.
  const erase = await main
    .getByRole('button', { name: 'Erase…' })
    .boundingBox();
  const actions = await stage.boundingBox();
  expect(erase && actions && erase.y + erase.height <= actions.y).toBe(true);

  for (const hint of await page.locator('kbd').all())
    await expect(hint).toBeHidden();
  await stage.getByRole('button', { name: 'Shortlist' }).tap();
  await expect(
    stage.getByRole('button', { name: 'Shortlist' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await main.getByRole('link', { name: '← Applications' }).tap();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
    'Shortlisted',
  );
  for (const screen of ['settings', 'staff', 'messages', 'audit']) {
    await page.goto(serverUrl('example', `/review/${screen}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await allViolations(page), screen).toEqual([]);
  }
  await page.context().close();
});

test('every workspace screen has its title, its current link, and no axe finding at 1280 px', async ({
  browser,
}) => {
  // axe on every workspace screen, the Calls screen among them: about a minute on a busy machine.
  test.setTimeout(120_000);
  const page = await adminIn(browser, desktop);
  for (const [screen, link, title] of [
    ['settings', 'Settings', 'Settings'],
    ['staff', 'Staff', 'Staff'],
    ['messages', 'Messages', 'Failed messages'],
    ['audit', 'Audit log', 'Audit log'],
  ] as const) {
    await page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('link', { name: link })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Visit Aldmere Coast`);
    await expect(
      page
        .getByRole('navigation', { name: 'Workspace' })
        .getByRole('link', { name: link }),
    ).toHaveAttribute('aria-current', 'page');
    expect(await allViolations(page), screen).toEqual([]);
  }
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Applications' }).first().click();
  await page.keyboard.press('?');
  await expect(
    page.getByRole('dialog', { name: 'Keyboard shortcuts' }),
  ).toBeVisible();
  expect(await allViolations(page)).toEqual([]);
  await page.context().close();
});

test('the filters are a bar of chips offering what occurs; they act at once, only typed search waits, and an empty result offers to clear them', async ({
  browser,
}) => {
  const page = await adminIn(browser, desktop, { withClock: true });
  const name = await submitApplication(page);
  const facets = (await (
    await page.request.get(
      serverUrl('example', '/api/review/applications/facets'),
    )
  ).json()) as {
    countries: Array<{ code: string }>;
    platforms: Array<{ platform: string }>;
  };
  const values = (label: string) =>
    page
      .getByLabel(label, { exact: true })
      .locator('option')
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value),
      );
  expect(await values('Country')).toEqual([
    '',
    ...facets.countries.map((entry) => entry.code),
  ]);
  expect(await values('Platform')).toEqual([
    '',
    ...facets.platforms.map((entry) => entry.platform),
  ]);

  // With time stopped, a choice still asks the server at once; typing waits for a pause.
  await page.clock.pauseAt(Date.now() + 60_000);
  const sorted = page.waitForRequest(
    /\/api\/review\/applications\?.*sort=reach/,
  );
  await page.getByLabel('Sort', { exact: true }).selectOption('reach');
  await sorted;
  let searched = false;
  page.on('request', (request) => {
    if (request.url().includes('search=nobody')) searched = true;
  });
  await page
    .getByLabel('Search by name or e-mail')
    .fill(`nobody-${randomUUID()}`);
  await page.clock.runFor(100);
  expect(searched).toBe(false);
  await page.clock.runFor(300);
  await expect.poll(() => searched).toBe(true);
  await page.clock.resume();
  await expect(
    page.getByText('No application matches these filters.'),
  ).toBeVisible();
  expect(await allViolations(page)).toEqual([]);

  await page
    .getByRole('main')
    .getByRole('button', { name: 'Clear filters' })
    .last()
    .click();
  await expect(page.getByLabel('Search by name or e-mail')).toHaveValue('');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/sort=reach/);
  await expect(page).not.toHaveURL(/search=/);
  await page.context().close();
});

test('tags offer the ones already in use as they are typed', async ({
  browser,
}) => {
  const page = await adminIn(browser, desktop);
  const name = await submitApplication(page);
  const tag = `coast-${randomUUID().slice(0, 6)}`;
  await page.goto(serverUrl('example', `/review?search=${name.split(' ')[1]}`));
  await page.getByRole('link', { name, exact: true }).click();
  const panel = page.getByRole('complementary');
  await panel.getByLabel('Add a tag').fill(tag);
  await panel.getByRole('button', { name: 'Add tag' }).click();
  await expect(panel.getByRole('list', { name: 'Tags' })).toContainText(tag);

  const other = await submitApplication(page);
  await page.goto(
    serverUrl('example', `/review?search=${other.split(' ')[1]}`),
  );
  await page.getByRole('link', { name: other, exact: true }).click();
  const box = page.getByRole('complementary').getByLabel('Add a tag');
  const suggestions = await box.evaluate((input) =>
    [...((input as HTMLInputElement).list?.options ?? [])].map(
      (option) => option.value,
    ),
  );
  expect(suggestions).toContain(tag);
  await expect(page.getByLabel('Tag', { exact: true })).toContainText(tag);
  await page.context().close();
});

for (const [width, options] of [
  [1280, desktop],
  [375, phone],
] as const)
  test(`at ${width} px the bulk actions stay in view after ticking a row far down the list`, async ({
    browser,
  }) => {
    // 24 applications sent, and axe: about a minute on a busy machine.
    test.setTimeout(120_000);
    const page = await adminIn(browser, options);
    const tag = `bulk-bar-${randomUUID().slice(0, 8)}`;
    await submitTagged(page, tag, 24);
    await page.goto(serverUrl('example', `/review?tag=${tag}`));
    const ticks = page
      .getByRole('table')
      .getByRole('checkbox', { name: /^Select Ada/ });
    await expect(ticks).toHaveCount(24);
    await ticks.nth(19).check();
    const bulk = page.getByRole('group', { name: 'Selected applications' });
    await expect(bulk).toContainText('1 selected.');
    // Ticking it scrolled the list far past where the bar begins.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const move = bulk.getByRole('button', { name: 'Move to Declined' });
    const box = await move.boundingBox();
    expect(box).not.toBeNull();
    expect(
      box && box.y >= 0 && box.y + box.height <= options.viewport.height,
    ).toBe(true);
    await expect(ticks.nth(19)).toBeInViewport();
    expect(await allViolations(page)).toEqual([]);
    await page.context().close();
  });
