import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Sqlite from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { serverUrl } from '../support/servers.ts';
import {
  addStaff,
  example,
  signIn,
  submitApplication,
} from '../support/workspace.ts';

// axe runs on every screen (see tests/support/axe.ts); the days of the log are UTC days.
test.use({ bypassCSP: true, timezoneId: 'UTC' });

const entries = 2_050;

/**
 * A long log written straight into the server's database: one person's stage moves and exports,
 * one a day from 1 March 2026, the moves about a real application.
 */
function seedLog(actor: string, applicationId: string): void {
  const database = new Sqlite(example?.sqlitePath ?? '');
  try {
    const insert = database.prepare(
      `INSERT INTO audit_log (id, at, actor, action, subject, address, detail)
       VALUES (?, ?, ?, ?, ?, '192.0.2.7', ?)`,
    );
    database.transaction(() => {
      for (let index = 0; index < entries; index += 1) {
        const at = new Date(Date.UTC(2026, 2, 1, 12) + index * 3_600_000);
        const isMove = index % 2 === 0;
        insert.run(
          randomUUID(),
          at.toISOString(),
          actor,
          isMove ? 'stage_moved' : 'exported',
          isMove ? applicationId : null,
          isMove ? 'new → shortlisted' : `export ${index}`,
        );
      }
    })();
  } finally {
    database.close();
  }
}

const range = (page: Page) =>
  page.getByRole('navigation', { name: 'Pages of the audit log' });

test('an admin pages through an audit log past 2,000 entries, filters it by who, what and when, and exports it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = await submitApplication(page);
  const search = name.split(' ')[1] ?? '';
  const admin = addStaff('admin');
  await signIn(page, admin, `/review?search=${search}`);
  const applicationId =
    new URL(
      (await page
        .getByRole('link', { name, exact: true })
        .getAttribute('href')) ?? '',
      serverUrl('example'),
    ).searchParams.get('open') ?? '';
  const busy = `busy-${randomUUID()}@example.org`;
  seedLog(busy, applicationId);

  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Audit log' }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Audit log', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Audit log · Visit Aldmere Coast');
  await page.getByLabel('Who').selectOption(busy);
  await expect(range(page)).toContainText('Entries 1–100');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(101);
  expect(await seriousViolations(page)).toEqual([]);

  const olderButton = range(page).getByRole('button', { name: 'Older' });
  for (let shown = 100; shown < entries; shown += 100) {
    await olderButton.click();
    await expect(range(page)).toContainText(
      `Entries ${(shown + 1).toLocaleString('en')}–`,
    );
  }
  await expect(range(page)).toContainText('Entries 2,001–2,050');
  await expect(rows).toHaveCount(51);
  await expect(olderButton).toHaveAttribute('aria-disabled', 'true');
  // The oldest entry, the first of March.
  await expect(rows.last()).toContainText('Mar 1, 2026');
  await expect(rows.last()).toContainText('Moved an application');
  await range(page).getByRole('button', { name: 'Newer' }).click();
  await expect(range(page)).toContainText('Entries 1,901–2,000');

  // What: the moves only, which name the application they were about.
  await page.getByLabel('What').selectOption('Moved an application');
  await expect(range(page)).toContainText('Entries 1–100');
  await expect(rows.nth(1)).toContainText('new → shortlisted');
  // A period: the first two days of March hold 36 entries (one an hour from noon), 18 of them moves.
  await page.getByText('Period', { exact: true }).click();
  await page.getByLabel('Period from').fill('2026-03-01');
  await page.getByLabel('Period to').fill('2026-03-02');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Period Mar 1–Mar 2')).toBeVisible();
  await expect(range(page)).toContainText('Entries 1–18');
  await expect(olderButton).toHaveAttribute('aria-disabled', 'true');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(1 + 18);
  expect(lines[1]).toContain(busy);
  expect(lines[1]).toContain(name);

  await page.setViewportSize({ width: 375, height: 812 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await rows.nth(1).getByRole('link', { name, exact: true }).click();
  await expect(
    page.getByRole('complementary').getByRole('heading', { level: 2, name }),
  ).toBeVisible();

  await page.goto(serverUrl('example', '/review/audit'));
  await page.getByLabel('Who').selectOption(busy);
  await page.getByLabel('What').selectOption('Exported');
  await expect(range(page)).toContainText('Entries 1–100');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Who')).toHaveValue('');
  await expect(page).toHaveURL(serverUrl('example', '/review/audit'));
});
