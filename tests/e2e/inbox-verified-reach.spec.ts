import { randomUUID } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { validApplication } from '../support/fixtures.ts';
import { serverUrl } from '../support/servers.ts';
import { addStaff, example, signIn } from '../support/workspace.ts';

// axe runs on every screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

/** An application naming an Instagram account with the followers typed; its id. */
async function apply(
  page: Page,
  firstName: string,
  lastName: string,
  followers: string,
): Promise<string> {
  const application = validApplication({
    firstName,
    emailAddress: `${firstName}.${lastName}@example.com`.toLowerCase(),
  });
  application.personalInfo.lastName = lastName;
  application.platforms.instagram.followers = followers;
  const response = await page.request.put(
    serverUrl('example', '/api/syncPage/aldmere-creators'),
    { headers: { 'idempotency-key': randomUUID() }, data: application },
  );
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * What a look-up leaves once Instagram has answered with `followers`: the example server has no
 * credentials, so it never asks, and the answer is written where the look-up would write it.
 */
function verify(id: string, followers: number) {
  const database = new Sqlite(example?.sqlitePath ?? '');
  try {
    database.pragma('busy_timeout = 5000');
    database.transaction(() => {
      database
        .prepare(
          "update reach_checks set status = 'verified', verified = ?, checked_at = ? where application_id = ? and platform = 'instagram'",
        )
        .run(followers, new Date().toISOString(), id);
      database
        .prepare('update applications set verified_reach = ? where id = ?')
        .run(followers, id);
    })();
  } finally {
    database.close();
  }
}

test('an inbox row shows the verified reach with its mark, the stated number beside it and a flag past 25 %; sorted and filtered by it', async ({
  page,
}) => {
  const lastName = `Reach${randomUUID().slice(0, 8)}`;
  verify(await apply(page, 'Bea', lastName, '50000'), 20_000);
  verify(await apply(page, 'Cy', lastName, '12000'), 12_000);
  await apply(page, 'Dot', lastName, '90000');

  await signIn(page, addStaff('reviewer'), `/review?search=${lastName}`);
  const rowOf = (firstName: string) =>
    page.getByRole('row').filter({
      has: page.getByRole('link', {
        name: `${firstName} ${lastName}`,
        exact: true,
      }),
    });
  const reachOf = (firstName: string) =>
    rowOf(firstName).locator('.inbox__col--reach');

  // The mark is read out: "verified 20,000".
  await expect(reachOf('Bea')).toContainText('verified 20,000');
  await expect(reachOf('Bea').locator('.inbox__verified-mark')).toBeVisible();
  await expect(reachOf('Bea').getByText('stated 50,000')).toBeVisible();
  await expect(reachOf('Bea').getByText('Overstated')).toBeVisible();
  // Typed as the platform says: no stated number, no flag.
  await expect(reachOf('Cy')).toContainText('verified 12,000');
  await expect(reachOf('Cy')).not.toContainText('stated');
  // Not verified: the typed sum, as before.
  await expect(reachOf('Dot')).toContainText('90,000');
  await expect(reachOf('Dot')).not.toContainText('verified');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Sort').selectOption('Verified reach');
  await expect(page).toHaveURL(/sort=verified/);
  const names = page.locator('.inbox__name');
  await expect(names).toHaveText([
    `Bea ${lastName}`,
    `Cy ${lastName}`,
    `Dot ${lastName}`,
  ]);

  await page.getByLabel('Verified reach', { exact: true }).check();
  await expect(page).toHaveURL(/verified=yes/);
  await expect(names).toHaveText([`Bea ${lastName}`, `Cy ${lastName}`]);
  expect(await seriousViolations(page)).toEqual([]);
});
