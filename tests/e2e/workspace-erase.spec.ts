import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { serverUrl } from '../support/servers.ts';
import { addStaff, signIn, submitTagged } from '../support/workspace.ts';

// axe runs on every screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

test('an admin erases a selection after being asked twice, the second time with the count', async ({
  page,
}) => {
  await signIn(page, addStaff('admin'));
  const tag = `erase-${randomUUID().slice(0, 8)}`;
  await submitTagged(page, tag, 3);
  await page.goto(serverUrl('example', `/review?tag=${tag}`));
  const rows = page.getByRole('row');
  // Three, and the header row.
  await expect(rows).toHaveCount(4);
  await page.getByLabel('Select every application listed').check();
  const bulk = page.getByRole('group', { name: 'Selected applications' });
  const asking = bulk.getByRole('group', {
    name: 'Erase the selected applications',
  });

  // Asked, then kept: nothing happens.
  await bulk.getByRole('button', { name: 'Erase…' }).click();
  await expect(asking).toContainText(
    'Erase 3 applications with their notes, votes and e-mails?',
  );
  await asking.getByRole('button', { name: 'Keep them' }).click();
  await expect(asking).toHaveCount(0);
  await expect(rows).toHaveCount(4);

  // Asked, continued, asked again naming the count; only then erased.
  await bulk.getByRole('button', { name: 'Erase…' }).click();
  await asking.getByRole('button', { name: 'Continue' }).click();
  await expect(asking).toContainText(
    'This cannot be undone: 3 applications go for good.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await expect(rows).toHaveCount(4);
  await asking
    .getByRole('button', { name: 'Erase 3 applications for good' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Erased 3 applications.' }),
  ).toBeVisible();
  await expect(bulk).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Ada / })).toHaveCount(0);

  // One entry in the audit log, with the count.
  const audit = await page.request.get(
    serverUrl('example', '/api/review/audit?action=applications_erased'),
  );
  const { entries } = (await audit.json()) as {
    entries: Array<{ count: number; detail: string }>;
  };
  expect(entries[0]).toMatchObject({
    count: 3,
    detail:
      '3 selected; call Creator Application · Visit Aldmere Coast (aldmere-creators)',
  });
});

test('a reviewer is offered no erasure of a selection', async ({ page }) => {
  await signIn(page, addStaff('reviewer'));
  const tag = `keep-${randomUUID().slice(0, 8)}`;
  await submitTagged(page, tag, 1);
  await page.goto(serverUrl('example', `/review?tag=${tag}`));
  await page.getByLabel('Select every application listed').check();
  const bulk = page.getByRole('group', { name: 'Selected applications' });
  await expect(
    bulk.getByRole('button', { name: 'Move to Declined' }),
  ).toBeVisible();
  await expect(bulk.getByRole('button', { name: 'Erase…' })).toHaveCount(0);
});
