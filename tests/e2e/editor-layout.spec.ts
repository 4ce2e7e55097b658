import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { startFormServers } from '../support/form-servers.ts';

// The form editor's page: its columns, its bar, its outline from the keyboard, its problem list and
// its preview, on a server of its own (the tests change its form's draft).

let servers: Awaited<ReturnType<typeof startFormServers>>;

test.beforeAll(async () => {
  servers = await startFormServers(1);
  servers.addStaff('ada@example.org', 'admin');
});

test.afterAll(() => servers.stop());

// An edit still on its way would land in the next test's draft.
test.afterEach(async ({ page }) => {
  await expect(page.getByText('Draft saved')).toBeVisible();
});

test.setTimeout(90_000);
// axe is injected into the pages it checks.
test.use({ bypassCSP: true, viewport: { width: 1280, height: 900 } });

/** Signs in to the editor, with the draft the test before left thrown away, opened at `search`. */
async function openEditor(page: Page, search = '') {
  await servers.signIn(page, 'ada@example.org', '/review/form');
  const discarded = await page.evaluate(async () => {
    const answer = await fetch('/api/review/form/draft', { method: 'DELETE' });
    return answer.status;
  });
  expect(discarded).toBe(204);
  await page.goto(`${page.url()}${search}`);
  // The editor's chunk and the form load after sign-in: slow on a busy machine.
  await expect(
    page.getByRole('heading', { level: 1, name: /Form/ }),
  ).toBeVisible({ timeout: 30_000 });
}

const outline = (page: Page) => page.getByRole('region', { name: 'Steps' });
const openPart = (page: Page) =>
  page.getByRole('region', { name: 'Open part of the form' });
const previewPane = (page: Page) =>
  page.getByRole('region', { name: 'Preview', exact: true });
const preview = (page: Page) =>
  page.frameLocator('iframe[title="Preview of the form"]');
/** An outline row (its menu's button is named after it too, but is no row). */
const row = (page: Page, name: string | RegExp) =>
  outline(page)
    .getByRole('button', { name })
    .and(page.locator('[aria-roledescription="sortable"]'));

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not shown`);
  return box;
}

test('at 1280 pixels the outline, the open block and the preview stand side by side, the rules inside their column', async ({
  page,
}) => {
  await openEditor(page, '?step=2&block=6');
  await expect(row(page, /State or province/)).toHaveAttribute(
    'aria-current',
    'true',
  );
  const left = await boxOf(outline(page));
  const middle = await boxOf(openPart(page));
  const right = await boxOf(previewPane(page));
  for (const box of [left, middle, right])
    expect(box.width).toBeGreaterThan(250);
  // Left to right, none overlapping, and each beside the others rather than below them.
  expect(left.x + left.width).toBeLessThanOrEqual(middle.x);
  expect(middle.x + middle.width).toBeLessThanOrEqual(right.x);
  expect(right.x + right.width).toBeLessThanOrEqual(1280);
  // Side by side: all three start in the first screenful, not one below another.
  for (const box of [left, middle, right]) expect(box.y).toBeLessThan(300);
  // The open question's rules stay in the middle column, never under the preview.
  const rules = await boxOf(
    openPart(page).getByRole('group', { name: 'Rules' }),
  );
  expect(rules.x + rules.width).toBeLessThanOrEqual(right.x);
  // Nor does any of its fields, however long its choices.
  const widest = await openPart(page).evaluate((column) =>
    Math.max(
      ...[...column.querySelectorAll('input, select, textarea')].map(
        (field) => field.getBoundingClientRect().right,
      ),
    ),
  );
  expect(widest).toBeLessThanOrEqual(middle.x + middle.width);
});

test('the bar stays in view with Publish as the page scrolls, and Publish is the brand’s primary button', async ({
  page,
}) => {
  await openEditor(page, '?step=3');
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await page.evaluate(() =>
    window.scrollTo(0, document.documentElement.scrollHeight),
  );
  await expect
    .poll(() => page.evaluate(() => window.scrollY))
    .toBeGreaterThan(400);
  await expect(publish).toBeInViewport({ ratio: 1 });
  expect((await boxOf(publish)).y).toBeLessThan(100);
  const colours = await publish.evaluate((button) => {
    const probe = document.createElement('div');
    probe.style.backgroundColor = getComputedStyle(
      document.documentElement,
    ).getPropertyValue('--color-brand');
    document.body.append(probe);
    const brand = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return { brand, publish: getComputedStyle(button).backgroundColor };
  });
  expect(colours.publish).toBe(colours.brand);
  expect(colours.brand).not.toBe('rgba(0, 0, 0, 0)');
});

test('the preview opens the step selected in the outline, and the bar’s picker opens any other', async ({
  page,
}) => {
  await openEditor(page);
  const heading = (name: string) =>
    preview(page).getByRole('heading', { level: 1, name, exact: true });
  await expect(heading('Welcome!')).toBeVisible();
  await row(page, '3. More Details').click();
  await expect(heading('More Details')).toBeVisible();
  // Named by its label alone, not by its options' words joined to it.
  await expect(
    page.getByRole('combobox', { name: 'Preview step', exact: true }),
  ).toHaveAccessibleName('Preview step');
  await expect(page.getByLabel('Preview step')).toHaveValue('2');
  await expect(page).toHaveURL(/[?&]step=3(&|$)/);
  await page.getByLabel('Preview step').selectOption({
    label: '2. General Information',
  });
  await expect(heading('General Information')).toBeVisible();
  // Another step selected: the preview follows again.
  await page.getByLabel('Preview step').selectOption({ label: '1. Welcome' });
  await expect(heading('Welcome!')).toBeVisible();
  await row(page, '2. General Information').click();
  await expect(heading('General Information')).toBeVisible();
  await expect(page.getByLabel('Preview step')).toHaveValue('1');
});

test('the desktop preview is a desktop-wide screen drawn to fit its column', async ({
  page,
}) => {
  await openEditor(page);
  const frame = page.frameLocator('iframe[title="Preview of the form"]');
  await expect(frame.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await previewPane(page).getByRole('button', { name: 'Desktop' }).click();
  const inner = page.frame({ url: /\/review\/form\/preview/ });
  if (!inner) throw new Error('no preview frame');
  await expect
    .poll(() => inner.evaluate(() => window.innerWidth))
    .toBeGreaterThanOrEqual(1024);
  const column = await boxOf(previewPane(page));
  const drawn = await boxOf(
    page.locator('iframe[title="Preview of the form"]'),
  );
  expect(drawn.width).toBeLessThanOrEqual(column.width);
  // The wizard lays itself out for a desktop: the cover beside the form, not above it.
  const layout = await inner.evaluate(() => {
    const cover = document.querySelector('img');
    const heading = document.querySelector('h1');
    return {
      cover: cover?.getBoundingClientRect().right ?? 0,
      heading: heading?.getBoundingClientRect().left ?? 0,
    };
  });
  expect(layout.heading).toBeGreaterThanOrEqual(layout.cover);
});

test('the fifth block of a step moves to the top from the keyboard in a dozen presses, announced at each; its other actions are behind Shift+F10', async ({
  page,
}) => {
  await openEditor(page);
  let presses = 0;
  const press = async (key: string) => {
    presses += 1;
    await page.keyboard.press(key);
  };
  const heard = (text: string) =>
    expect(
      page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }),
    ).toHaveCount(1);
  // From the outline's first row, the one Tab stop of its rows.
  const first = row(page, '1. Welcome');
  await expect(first).toHaveAttribute('tabindex', '0');
  await first.focus();
  // Past the open Welcome step's one block, to the next step.
  await press('ArrowDown');
  await press('ArrowDown');
  await expect(row(page, '2. General Information')).toBeFocused();
  await press('Enter');
  for (let block = 0; block < 5; block += 1) await press('ArrowDown');
  const country = row(page, /^Choice question: Country/);
  await expect(country).toBeFocused();
  await press('Space');
  // Picked up, it is over its own place.
  await heard('block Country moved to position 5 of 7');
  for (const place of [4, 3, 2, 1]) {
    await press('ArrowUp');
    await heard(`block Country moved to position ${place} of 7`);
  }
  await press('Space');
  await heard('block Country dropped at position 1 of 7');
  await expect(country).toBeFocused();
  await expect(
    outline(page).locator('.form-editor__list--block [role="button"]').first(),
  ).toContainText('Country');
  test.info().annotations.push({
    type: 'key presses',
    description: `${presses} to move the fifth block to the top`,
  });
  expect(presses).toBeLessThanOrEqual(15);
  // The row's other actions are behind Shift+F10: a copy, opened and focused in its place.
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Actions for block Country' });
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Duplicate',
    'Move down',
    'Move to step 1, Welcome',
    'Move to step 3, More Details',
    'Move to step 4, Creator Hub',
    'Remove',
  ]);
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  const blockRows = outline(page).locator(
    '.form-editor__list--block [aria-roledescription="sortable"]',
  );
  await expect(blockRows).toHaveCount(8);
  await expect(blockRows.nth(1)).toBeFocused();
  await expect(blockRows.nth(1)).toContainText('Country');
  await expect(blockRows.nth(1)).toHaveAttribute('aria-current', 'true');
  // The rows are one Tab stop: Tab leaves the outline's rows at once.
  await page.keyboard.press('Tab');
  await expect(outline(page).locator('[role="button"]:focus')).toHaveCount(0);
});

test('removing the Country block lists its problems in words beside Publish, marks the blocks, and a problem opens its field', async ({
  page,
}) => {
  await openEditor(page, '?step=2');
  await outline(page)
    .getByRole('button', { name: 'Actions for block Country' })
    .click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const problems = page.getByRole('button', { name: /problems? to fix/ });
  await expect(problems).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Publish', exact: true }),
  ).toBeDisabled();
  await problems.click();
  const list = page.getByRole('region', {
    name: 'Fix these before publishing',
  });
  const items = list.getByRole('button');
  await expect(items.first()).toBeVisible();
  const texts = await items.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    // Words, not the check's paths or keys.
    expect(text).not.toMatch(/[A-Za-z]\.[A-Za-z]|\[\d+\]|countryCode/);
    expect(text).toMatch(/Country/);
  }
  // The block the problem is at is marked in words in the outline.
  await expect(row(page, /State or province/)).toContainText(/\d+ problems?/);
  await items.first().click();
  await expect(row(page, /State or province/)).toHaveAttribute(
    'aria-current',
    'true',
  );
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('data-field', /.+/);
  await expect(openPart(page).locator(':focus')).toHaveCount(1);
  // Undone, the problems go with it.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(problems).toHaveCount(0);
  await expect(row(page, /State or province/)).not.toContainText('problem');
});

test('axe finds nothing serious at 1280 pixels nor at 375', async ({
  page,
}) => {
  await openEditor(page, '?step=2&block=5');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(
    page.getByRole('button', { name: 'Preview', exact: true }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(previewPane(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
