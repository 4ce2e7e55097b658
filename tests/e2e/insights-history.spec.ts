import { expect, test, type Browser } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { startFormServers } from '../support/form-servers.ts';
import { continueButton, heading } from '../support/wizard.ts';

type FormServers = Awaited<ReturnType<typeof startFormServers>>;
let servers: FormServers;
let url = '';

test.beforeAll(async () => {
  servers = await startFormServers(1);
  url = servers.servers[0]?.url ?? '';
});
test.afterAll(() => servers.stop());

test.setTimeout(120_000);
// axe runs on the screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

/**
 * A visit of its own that reaches General Information, closed once `isStored` is true: a page
 * closed before its events go out (a moment later, as people leave) may take them along.
 */
async function visitGeneralInformation(
  browser: Browser,
  isStored: () => Promise<boolean>,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await expect(heading(page, 'Welcome!')).toBeVisible();
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  await expect.poll(isStored, { timeout: 20_000 }).toBe(true);
  await context.close();
}

test('the funnel keeps its history when a step is inserted before General Information', async ({
  browser,
  page,
}) => {
  servers.addStaff('ida@example.org', 'admin');
  await servers.signIn(page, 'ida@example.org', '/review/form');
  const today = new Date().toISOString().slice(0, 10);
  const reached = async () =>
    (
      (await (
        await page.request.get(
          `${url}/api/review/insights?from=${today}&to=${today}`,
        )
      ).json()) as { steps: Array<{ name: string; reached: number }> }
    ).steps.map(({ name, reached }) => [name, reached]);

  const hasReached = (count: number) => async () =>
    (await reached()).some(
      ([name, visits]) => name === 'General Information' && visits === count,
    );
  await visitGeneralInformation(browser, hasReached(1));
  await visitGeneralInformation(browser, hasReached(2));

  // A new step, moved up before General Information, published.
  await page.getByRole('button', { name: 'Add a step' }).click();
  for (let move = 0; move < 2; move += 1) {
    await page.getByRole('button', { name: 'Actions for step Step 5' }).click();
    await page.getByRole('menuitem', { name: 'Move up' }).click();
  }
  await expect(
    page.getByRole('button', { name: '2. Step 5', exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Published version 2' }),
  ).toBeVisible();

  // The two visits stay where they were: on General Information, not on the step now in its place.
  expect(await reached()).toEqual([
    ['Welcome', 2],
    ['Step 5', 0],
    ['General Information', 2],
    ['More Details', 0],
    ['Creator Hub', 0],
  ]);
  await page.goto(`${url}/review/insights?days=7`);
  const funnel = page.getByRole('table', { name: 'Funnel' });
  const countOf = (stage: string) =>
    funnel
      .getByRole('row')
      .filter({
        has: page.getByRole('rowheader', { name: stage, exact: true }),
      })
      .getByRole('cell')
      .first();
  await expect(countOf('Reached General Information')).toHaveText('2');
  await expect(countOf('Reached Step 5')).toHaveText('0');
  expect(await seriousViolations(page)).toEqual([]);
});
