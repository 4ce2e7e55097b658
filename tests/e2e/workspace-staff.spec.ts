import Sqlite from 'better-sqlite3';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { serverUrl } from '../support/servers.ts';
import {
  addStaff,
  emailBox,
  example,
  password,
  passwordBox,
  signIn,
  signInButton,
  submitApplication,
} from '../support/workspace.ts';

/** Presses Tab until the target has focus, as a keyboard user would; at most 40 times. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement))
      return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

// axe runs on every screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

test('an admin invites a reviewer, who joins through the link once, and then manages them', async ({
  page,
  browser,
}) => {
  // Two people signed in, an invitation followed and axe on each screen: at CI's load it has run
  // past 60 s, as the other specs that go through several screens do.
  test.setTimeout(120_000);
  const admin = addStaff('admin');
  await signIn(page, admin);
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Staff' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Staff' }),
  ).toBeVisible();
  const invited = `invited-${Date.now()}@example.org`;
  await page.getByLabel('Their e-mail').fill(invited);
  await page.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(page.getByText(`Send this link to ${invited}.`)).toBeVisible();
  const link = await page.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/review\/join#[\w-]{43}$/);
  await expect(
    page.getByRole('row', { name: new RegExp(invited) }),
  ).toContainText('Reviewer');
  expect(await seriousViolations(page)).toEqual([]);

  const guestContext = await browser.newContext({ bypassCSP: true });
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(guest.getByText(invited)).toBeVisible();
  // The token leaves the address bar, so it stays in no history entry.
  expect(new URL(guest.url()).hash).toBe('');
  expect(await seriousViolations(guest)).toEqual([]);
  await guest.getByLabel('Password (at least 12 characters)').fill(password);
  await guest.getByLabel('Password again').fill(password);
  await guest.getByRole('button', { name: 'Create account' }).click();
  await expect(guest).toHaveURL(serverUrl('example', '/review'));
  await expect(guest.getByText(invited)).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  const staffScreen = await guest.request.get(
    serverUrl('example', '/api/review/staff'),
  );
  expect(staffScreen.status()).toBe(403);

  const again = await browser.newContext();
  const second = await again.newPage();
  await second.goto(link);
  await expect(second.getByRole('alert')).toHaveText(
    'This invitation link has been used or has expired. Ask an admin for a new one.',
  );
  await again.close();

  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(invited) });
  await row.getByLabel(`Role of ${invited}`).selectOption('Admin');
  await expect(
    page.getByRole('status').filter({ hasText: `${invited} is now admin.` }),
  ).toBeVisible();
  await guest.reload();
  await expect(guest.getByRole('link', { name: 'Staff' })).toBeVisible();

  await row.getByRole('button', { name: `Remove ${invited}…` }).click();
  await row.getByRole('button', { name: 'Remove for good' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${invited} is removed.` }),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
  // Removing the account ended its sessions (the open page learns it at its next request).
  const session = await guest.request.get(
    serverUrl('example', '/api/review/session'),
  );
  expect(session.status()).toBe(401);
  await guestContext.close();
});

test('an idle session ends after two hours, and signing in again returns to the same view', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  await signIn(page, email, '/review?stage=new&sort=reach');
  // The inbox has asked for its list (the counts show), so the next request is the click's.
  const stagesNav = page.getByRole('navigation', { name: 'Stages' });
  await expect(stagesNav.getByRole('link', { name: /^New/ })).toHaveText(
    /^New\d+$/,
  );
  const database = new Sqlite(example?.sqlitePath ?? '');
  try {
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000).toISOString();
    database
      .prepare(
        `UPDATE staff_sessions SET last_seen_at = ?, created_at = ?
         WHERE staff_id = (SELECT id FROM staff_accounts WHERE email = ?)`,
      )
      .run(threeHoursAgo, threeHoursAgo, email);
  } finally {
    database.close();
  }
  await stagesNav.getByRole('link', { name: /^Shortlisted/ }).click();
  // The inbox's router writes its base as `/review/`; either spelling is the same view.
  const view = /^\/review\/?\?stage=shortlisted&sort=reach$/;
  await expect(page).toHaveURL(/\/review\/sign-in\?next=/);
  expect(new URL(page.url()).searchParams.get('next')).toMatch(view);
  await emailBox(page).fill(email);
  await passwordBox(page).fill(password);
  await signInButton(page).click();
  await expect(page).toHaveURL((url) =>
    view.test(`${url.pathname}${url.search}`),
  );
});

test('a reviewer works through the inbox and an application with the keyboard alone', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  const name = await submitApplication(page);
  const lastName = name.split(' ')[1] ?? '';
  await page.goto(serverUrl('example', '/review/sign-in'));
  await page.keyboard.press('Tab');
  await expect(emailBox(page)).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(passwordBox(page)).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(serverUrl('example', '/review'));

  await page.keyboard.press('/');
  await expect(page.getByLabel('Search by name or e-mail')).toBeFocused();
  await page.keyboard.type(lastName);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Search by name or e-mail')).not.toBeFocused();
  await expect(page.getByLabel('Search by name or e-mail')).toHaveValue(
    lastName,
  );
  await page.keyboard.press('j');
  const panel = page.getByRole('complementary');
  await expect(panel.getByRole('heading', { level: 2, name })).toBeFocused();

  // Tab reaches each decision in the panel, with a visible focus ring, and Enter acts on it.
  const voteUp = panel.getByRole('button', { name: 'Vote up' });
  await tabTo(page, voteUp);
  const outline = await voteUp.evaluate(
    (button) => getComputedStyle(button).outlineStyle,
  );
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(voteUp).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('s');
  await expect(
    panel.getByRole('button', { name: /^Shortlist/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
    'Shortlisted',
  );
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  // Back in the inbox, the row's checkbox and then its link are in the tab order.
  await page.keyboard.press('/');
  await tabTo(page, page.getByLabel(`Select ${name}`));
  await page.keyboard.press('Space');
  await expect(
    page.getByRole('group', { name: 'Selected applications' }),
  ).toContainText('1 selected.');
  await tabTo(page, page.getByRole('link', { name, exact: true }));
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { level: 2, name })).toBeFocused();
});

test('an admin reads the failed messages; each person chooses how new applications are e-mailed', async ({
  page,
}) => {
  const admin = addStaff('admin');
  await signIn(page, admin);
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Messages' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Failed messages' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Settings' }).click();
  const choices = page.getByRole('group', {
    name: 'E-mail me about new applications',
  });
  await expect(
    choices.getByLabel('For each application, as it arrives'),
  ).toBeChecked();
  await choices.getByLabel('Once a day, a digest of the new ones').check();
  await expect(choices.getByRole('status')).toHaveText('Saved.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(
    page
      .getByRole('group', { name: 'E-mail me about new applications' })
      .getByLabel('Once a day, a digest of the new ones'),
  ).toBeChecked();
});
