import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { validApplication } from '../support/fixtures.ts';
import { serverUrl } from '../support/servers.ts';
import { addStaff, signIn } from '../support/workspace.ts';

// axe runs on every screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

/** An application of `lastName`'s person through the public API, as the wizard sends one; its id. */
async function apply(
  page: Page,
  lastName: string,
  emailAddress: string,
): Promise<string> {
  const application = validApplication({ firstName: 'Ada', emailAddress });
  application.personalInfo.lastName = lastName;
  const response = await page.request.put(
    serverUrl('example', '/api/syncPage/aldmere-creators'),
    { headers: { 'idempotency-key': randomUUID() }, data: application },
  );
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('one person applying twice to a call is one row; "Second applications" shows both, and each names the other', async ({
  page,
}) => {
  const lastName = `Twice${randomUUID().slice(0, 8)}`;
  const local = lastName.toLowerCase();
  const first = await apply(page, lastName, `${local}@example.com`);
  await apply(page, lastName, `${lastName}+again@Example.com`);
  const name = `Ada ${lastName}`;

  await signIn(page, addStaff('reviewer'), `/review?search=${lastName}`);
  const rows = page.getByRole('link', { name, exact: true });
  await expect(rows).toHaveCount(1);

  await page.getByLabel('Second applications').check();
  await expect(page).toHaveURL(/duplicates=yes/);
  await expect(rows).toHaveCount(2);
  await expect(
    page
      .getByRole('row', { name: /Applied again/ })
      .getByRole('link', { name }),
  ).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(
    serverUrl('example', `/review?search=${lastName}&open=${first}`),
  );
  const panel = page.getByRole('complementary');
  await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
  const again = panel.getByRole('link', { name: /^Applied again: / });
  await expect(again).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await again.click();
  await expect(
    panel.getByText(`Second application of ${name}, first sent`),
  ).toBeVisible();
  await panel.getByRole('link', { name: 'Open the first application' }).click();
  await expect(page).toHaveURL(new RegExp(`open=${first}`));
  await expect(
    panel.getByRole('link', { name: /^Applied again: / }),
  ).toBeVisible();
});
