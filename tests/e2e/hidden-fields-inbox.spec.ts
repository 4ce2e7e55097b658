import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { validApplication } from '../support/fixtures.ts';
import { serverUrl } from '../support/servers.ts';
import { addStaff, signIn } from '../support/workspace.ts';

// axe runs on every screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

/** An application from a partner's link (`ref`), as the wizard sends one; its id. */
async function apply(
  page: Page,
  lastName: string,
  ref: string,
  visitSource = '',
): Promise<string> {
  const application = {
    ...validApplication({
      emailAddress: `${lastName.toLowerCase()}.${ref}@example.com`,
    }),
    hidden: { ref },
  };
  application.personalInfo.lastName = lastName;
  const response = await page.request.put(
    serverUrl('example', '/api/syncPage/aldmere-creators'),
    {
      headers: {
        'idempotency-key': randomUUID(),
        ...(visitSource && { 'visit-source': visitSource }),
      },
      data: application,
    },
  );
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('a partner’s ref is shown on the application; clicking it narrows the inbox, and its chip takes the filter off', async ({
  page,
}) => {
  const lastName = `Partner${randomUUID().slice(0, 8)}`;
  const hotel = `hotel-${randomUUID().slice(0, 6)}`;
  const fromHotel = await apply(page, lastName, hotel, 'gclid=Cj0KCQ-e2e');
  await apply(page, lastName, `board-${randomUUID().slice(0, 6)}`);

  await signIn(
    page,
    addStaff('reviewer'),
    `/review?search=${lastName}&open=${fromHotel}`,
  );
  const rows = page.getByRole('link', { name: `Ada ${lastName}`, exact: true });
  await expect(rows).toHaveCount(2);
  const panel = page.getByRole('complementary');
  await expect(panel.getByText(`ref: ${hotel}`)).toBeVisible();
  await expect(panel.getByText('Ad click: gclid=Cj0KCQ-e2e')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await panel
    .getByRole('link', { name: `Show the applications with ref ${hotel}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`hidden\\.ref=${hotel}`));
  await expect(rows).toHaveCount(1);
  const remove = page.getByRole('button', {
    name: `Remove the filter ref: ${hotel}`,
  });
  await expect(remove).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await remove.click();
  await expect(page).not.toHaveURL(/hidden\.ref/);
  await expect(rows).toHaveCount(2);
});
