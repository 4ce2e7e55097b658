import { randomUUID } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import {
  addStaff,
  example,
  signIn,
  submitApplication,
} from '../support/workspace.ts';

// axe runs on every screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

test('staff see what the applicant sees of a decision, and mark it told without an e-mail', async ({
  page,
}) => {
  const name = await submitApplication(page);
  const lastName = name.split(' ')[1] ?? '';
  await signIn(page, addStaff('reviewer'), `/review?search=${lastName}`);
  await page.getByRole('link', { name, exact: true }).click();
  const panel = page.getByRole('complementary');
  await expect(panel.getByText('The applicant sees: Received')).toBeVisible();

  await panel.getByRole('button', { name: /^Accept/ }).click();
  await expect(panel.getByText('The applicant sees: In review')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Mark as told' }).click();
  await expect(panel.getByText('The applicant sees: Accepted')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark as told' })).toHaveCount(
    0,
  );
});

test('an application its applicant withdrew shows Withdrawn, offers no moves, and names the applicant in its history', async ({
  page,
}) => {
  const name = await submitApplication(page);
  const lastName = name.split(' ')[1] ?? '';
  // The applicant withdraws from their own page: the move is theirs, recorded as `applicant`.
  const database = new Sqlite(example?.sqlitePath ?? '');
  try {
    const { id } = database
      .prepare('select id from applications where full_name = ?')
      .get(name) as { id: string };
    database
      .prepare("update applications set stage = 'withdrawn' where id = ?")
      .run(id);
    database
      .prepare(
        "insert into stage_moves (id, application_id, at, actor, from_stage, to_stage) values (?, ?, ?, 'applicant', 'new', 'withdrawn')",
      )
      .run(randomUUID(), id, new Date().toISOString());
  } finally {
    database.close();
  }

  await signIn(
    page,
    addStaff('reviewer'),
    `/review?search=${lastName}&stage=withdrawn`,
  );
  const stages = page.getByRole('navigation', { name: 'Stages' });
  await expect(
    stages.getByRole('link', { name: /^Withdrawn/ }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name, exact: true }).click();
  const panel = page.getByRole('complementary');
  await expect(panel.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(
    panel.getByText('Its applicant withdrew this application'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Shortlist/ })).toHaveCount(
    0,
  );
  await page.keyboard.press('a');
  await expect(
    panel.getByText('the applicant moved it from New to Withdrawn'),
  ).toBeVisible();
  await expect(panel.getByText('The applicant sees: Withdrawn')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByRole('group', { name: 'Stage' })).toBeHidden();
  await expect(
    page
      .getByRole('navigation', { name: 'Stages' })
      .getByRole('link', { name: /^Withdrawn/ }),
  ).toContainText('1');
});
