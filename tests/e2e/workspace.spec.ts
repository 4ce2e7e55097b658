import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { validApplication } from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { serverUrl } from '../support/servers.ts';
import {
  addStaff,
  emailBox,
  password,
  passwordBox,
  signIn,
  signInButton,
  submitApplication,
  submitTagged,
} from '../support/workspace.ts';

// axe runs on every screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

test('signs in, returns to the address asked for, reads an application, and signs out', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  const name = await submitApplication(page);
  const search = name.split(' ')[1] ?? '';

  await page.goto(serverUrl('example', `/review?search=${search}`));
  await expect(page).toHaveURL(/\/review\/sign-in\?next=/);
  expect(await seriousViolations(page)).toEqual([]);
  await emailBox(page).fill(email);
  await passwordBox(page).fill(password);
  await signInButton(page).click();

  await expect(page).toHaveURL(
    serverUrl('example', `/review?search=${search}`),
  );
  const row = page.getByRole('link', { name, exact: true });
  await expect(row).toBeVisible();
  const tableRow = page.getByRole('row', { name: new RegExp(name) });
  await expect(tableRow).toContainText('United Kingdom');
  await expect(tableRow).toContainText('Instagram 12K');
  await expect(tableRow).toContainText('12,000');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Platform').selectOption('Instagram');
  await expect(page).toHaveURL(/platform=instagram/);
  await expect(row).toBeVisible();
  await page.getByLabel('Platform').selectOption('Any');
  await page.getByLabel('Sort').selectOption('Reach');
  await expect(page).toHaveURL(/sort=reach/);
  await expect(row).toBeVisible();
  await page.getByLabel('Has a note').check();
  await expect(page).toHaveURL(/hasNote=yes/);
  await expect(row).toHaveCount(0);
  await page.getByLabel('Has a note').uncheck();
  await expect(row).toBeVisible();

  await row.click();
  const panel = page.getByRole('complementary');
  await expect(panel.getByRole('heading', { level: 2, name })).toBeFocused();
  await expect(page).toHaveURL(/[?&]open=/);
  await expect(
    panel.getByRole('region', { name: 'General Information' }),
  ).toContainText('First Name');
  await expect(
    panel.getByRole('link', { name: 'ada.travels' }),
  ).toHaveAttribute('target', '_blank');
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toContainText('Shortlist the open application');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
  await page.keyboard.press('j');
  await expect(
    page.getByRole('complementary').getByRole('heading', { level: 2, name }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/review\/sign-in$/);
  await page.goto(serverUrl('example', '/review'));
  await expect(page).toHaveURL(/\/review\/sign-in\?next=%2Freview$/);
});

test('a wrong password gets one message that does not say which part was wrong', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  await page.goto(serverUrl('example', '/review/sign-in'));
  await emailBox(page).fill(email);
  await passwordBox(page).fill('not the password at all');
  await signInButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That e-mail address and password do not match an account.',
  );
  await expect(emailBox(page)).toHaveValue(email);

  await emailBox(page).fill(`nobody-${randomUUID()}@example.org`);
  await passwordBox(page).fill(password);
  await signInButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That e-mail address and password do not match an account.',
  );
});

test('refuses a cross-origin request that would change something', async ({
  page,
}) => {
  const response = await page.request.post(
    serverUrl('example', '/api/review/session'),
    {
      headers: { origin: 'https://evil.example' },
      data: { email: addStaff('admin'), password },
    },
  );
  expect(response.status()).toBe(403);
  expect(response.headers()['set-cookie']).toBeUndefined();
});

test('decides as a team: stage moves by button and key, a vote, a note, all shown and counted', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  const name = await submitApplication(page);
  const search = name.split(' ')[1] ?? '';
  await signIn(page, email);
  await page.goto(serverUrl('example', `/review?search=${search}`));
  await page.getByRole('link', { name, exact: true }).click();
  const panel = page.getByRole('complementary');
  const stages = page.getByRole('navigation', { name: 'Stages' });
  await expect(stages.getByRole('link', { name: /^New/ })).toHaveText('New1');

  await panel.getByRole('button', { name: /^Shortlist/ }).click();
  await expect(
    panel.getByRole('button', { name: /^Shortlist/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(stages.getByRole('link', { name: /^Shortlisted/ })).toHaveText(
    'Shortlisted1',
  );
  // A key pressed while a move is under way is not taken: the group says when it is done.
  await expect(panel.getByRole('group', { name: 'Stage' })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  await page.keyboard.press('a');
  await expect(panel.getByRole('button', { name: /^Accept/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
    'Accepted',
  );
  await expect(panel.getByRole('region', { name: 'History' })).toContainText(
    `${email} moved it from Shortlisted to Accepted`,
  );

  await panel.getByRole('button', { name: 'Vote up' }).click();
  await expect(panel.getByRole('button', { name: 'Vote up' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
    '+1',
  );

  await panel.getByLabel('Add a tag').fill('Food');
  await panel.getByRole('button', { name: 'Add tag' }).click();
  await expect(panel.getByRole('list', { name: 'Tags' })).toContainText('food');
  await panel
    .getByLabel('Add a note')
    .fill('Lovely food angle; ask about dates.');
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(
    panel.getByRole('listitem').filter({ hasText: 'Lovely food angle' }),
  ).toContainText(email);
  await expect(panel.getByLabel('Add a note')).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);

  await stages.getByRole('link', { name: /^Accepted/ }).click();
  await expect(page).toHaveURL(/stage=accepted/);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
});

test('an admin erases an application after confirming and reads it in the audit log; a reviewer has neither', async ({
  page,
  browser,
}) => {
  const name = await submitApplication(page);
  const search = name.split(' ')[1] ?? '';
  const signInAs = async (target: Page, email: string) => {
    await signIn(target, email, `/review?search=${search}`);
    await target.getByRole('link', { name, exact: true }).click();
  };

  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  const reviewerEmail = addStaff('reviewer');
  await signInAs(reviewer, reviewerEmail);
  // Who is signed in has loaded: what the page leaves out is left out for that role.
  await expect(reviewer.getByText(reviewerEmail)).toBeVisible();
  await expect(
    reviewer
      .getByRole('complementary')
      .getByRole('heading', { level: 2, name }),
  ).toBeVisible();
  await expect(reviewer.getByRole('button', { name: 'Erase…' })).toHaveCount(0);
  await expect(reviewer.getByRole('link', { name: 'Audit log' })).toHaveCount(
    0,
  );
  await reviewerContext.close();

  await signInAs(page, addStaff('admin'));
  const panel = page.getByRole('complementary');
  await panel.getByRole('button', { name: 'Erase…' }).click();
  await panel.getByRole('button', { name: 'Keep it' }).click();
  await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
  await panel.getByRole('button', { name: 'Erase…' }).click();
  await panel.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByRole('complementary')).toHaveCount(0);
  await expect(
    page.getByText('No application matches these filters.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Audit log' }),
  ).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'Erased an application' }).first(),
  ).toBeVisible();
  await expect(page.getByRole('table')).not.toContainText(search);
  expect(await seriousViolations(page)).toEqual([]);
});

test('offers applications that arrive while the inbox is open, without moving the list', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  const first = await submitApplication(page);
  const family = first.split(' ')[1] ?? '';
  await page.clock.install();
  await page.goto(
    serverUrl(
      'example',
      `/review/sign-in?next=${encodeURIComponent(`/review?search=${family}`)}`,
    ),
  );
  await emailBox(page).fill(email);
  await passwordBox(page).fill(password);
  await signInButton(page).click();
  await page.clock.runFor(1_000);
  await expect(
    page.getByRole('link', { name: first, exact: true }),
  ).toBeVisible();

  const lastName = `${family}Two`;
  const application = validApplication({
    firstName: 'Ada',
    emailAddress: `${lastName.toLowerCase()}@example.com`,
  });
  application.personalInfo.lastName = lastName;
  expect(
    (
      await page.request.put(
        serverUrl('example', '/api/syncPage/aldmere-creators'),
        {
          headers: { 'idempotency-key': randomUUID() },
          data: application,
        },
      )
    ).status(),
  ).toBe(201);
  await page.clock.runFor(20_000);

  const offer = page.getByRole('button', {
    name: '1 new application — show it',
  });
  await expect(offer).toBeVisible();
  await expect(
    page.getByRole('link', { name: `Ada ${lastName}`, exact: true }),
  ).toHaveCount(0);
  await offer.click();
  await page.clock.runFor(1_000);
  await expect(
    page.getByRole('link', { name: `Ada ${lastName}`, exact: true }),
  ).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test('downloads every application, or the view on screen, as a CSV with the questions as headers', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  const name = await submitApplication(page);
  await signIn(page, email);
  const exportMenu = page.getByText('Export', { exact: true });
  await exportMenu.click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export all (CSV)' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('First Name');
  expect(csv).toContain(name.split(' ')[1]);

  await page
    .getByLabel('Search by name or e-mail')
    .fill(name.split(' ')[1] ?? '');
  // The menu closed on the first download, so the choice is made afresh.
  await exportMenu.click();
  const viewDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export this view (CSV)' }).click();
  const view = readFileSync(await (await viewDownload).path(), 'utf8');
  const rows = view.split('\r\n').filter(Boolean).slice(2);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(name.split(' ')[1]);
});

test('changes the password in Settings, and the old one no longer signs in', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  await page.goto(
    serverUrl('example', '/review/sign-in?next=%2Freview%2Fsettings'),
  );
  await emailBox(page).fill(email);
  await passwordBox(page).fill(password);
  await signInButton(page).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Settings' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password (at least 12 characters)').fill('short');
  await page.getByLabel('New password again').fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('The password must be at least 12 characters.'),
  ).toBeVisible();

  const next = 'a much longer new passphrase';
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password (at least 12 characters)').fill(next);
  await page.getByLabel('New password again').fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your password is changed; your other sessions have ended.',
  );

  const old = await page.request.post(
    serverUrl('example', '/api/review/session'),
    {
      headers: { origin: serverUrl('example', '') },
      data: { email, password },
    },
  );
  expect(old.status()).toBe(401);
});

test('moves several selected applications at once', async ({ page }) => {
  const email = addStaff('reviewer');
  const first = await submitApplication(page);
  const second = await submitApplication(page);
  await signIn(page, email);
  for (const name of [first, second])
    await page.getByLabel(`Select ${name}`).check();
  const bulk = page.getByRole('group', { name: 'Selected applications' });
  await expect(bulk).toContainText('2 selected');
  await bulk.getByRole('button', { name: 'Move to Shortlisted' }).click();
  await expect(bulk).toHaveCount(0);
  for (const name of [first, second])
    await expect(
      page.getByRole('row', { name: new RegExp(name) }),
    ).toContainText('Shortlisted');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Moved 2 applications to Shortlisted.' }),
  ).toBeVisible();

  for (const name of [first, second])
    await page.getByLabel(`Select ${name}`).check();
  await bulk.getByLabel('Tag to add or remove').fill('Press trip');
  await bulk.getByRole('button', { name: 'Add tag' }).click();
  for (const name of [first, second])
    await expect(
      page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('list', { name: 'Tags' }),
    ).toHaveText('press trip');

  const download = page.waitForEvent('download');
  await bulk.getByRole('button', { name: 'Export selected (CSV)' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  const rows = csv.split('\r\n').filter(Boolean).slice(2);
  expect(rows).toHaveLength(2);
  for (const name of [first, second]) expect(csv).toContain(name.split(' ')[1]);
});

test('selects every application matching a filter, beyond the page loaded, and moves them all', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  await signIn(page, email);
  const tag = `batch-${randomUUID().slice(0, 8)}`;
  await submitTagged(page, tag, 52);

  await page.goto(serverUrl('example', `/review?tag=${tag}`));
  // A page holds 50, and the header row.
  await expect(page.getByRole('row')).toHaveCount(51);
  await page.getByLabel('Select every application listed').check();
  const bulk = page.getByRole('group', { name: 'Selected applications' });
  await expect(bulk).toContainText('50 selected.');
  await bulk.getByRole('button', { name: 'Select all 52 matching' }).click();
  await expect(bulk).toContainText(
    'All 52 applications matching are selected.',
  );
  await bulk.getByRole('button', { name: 'Move to Declined' }).click();
  // Every one matching is moved by a job in the server: its first report of progress is held
  // until the bar has shown the job as it began, then let through.
  let releaseProgress = () => {};
  const isProgressShown = new Promise<void>((resolve) => {
    releaseProgress = resolve;
  });
  await page.route('**/api/review/bulk-jobs/*', async (route) => {
    await isProgressShown;
    await route.continue();
  });
  await page
    .getByRole('dialog', { name: 'Decline 52 applications' })
    .getByRole('button', { name: 'Move without e-mail' })
    .click();
  await expect(bulk.getByRole('status')).toHaveText(
    'Moving 0 of 52 to Declined…',
  );
  await expect(
    bulk.getByRole('button', { name: 'Move to Shortlisted' }),
  ).toBeDisabled();
  releaseProgress();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Moved 52 applications to Declined.' }),
  ).toBeVisible();
  await expect(bulk).toHaveCount(0);
  await page.getByRole('link', { name: /^Declined/ }).click();
  await expect(page.getByRole('link', { name: /^Declined/ })).toContainText(
    '52',
  );
});

test('at 375 px every workspace screen fits the width, with the filters folded under their summary', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = addStaff('admin');
  const name = await submitApplication(page);
  const overflow = () =>
    page.evaluate(
      () =>
        document.documentElement.scrollWidth -
        document.documentElement.clientWidth,
    );
  await page.goto(serverUrl('example', '/review/sign-in'));
  expect(await overflow()).toBe(0);
  await signIn(page, email);
  const filters = page.getByText('Sort and filters');
  await expect(filters).toBeVisible();
  await expect(page.getByLabel('Platform')).toBeHidden();
  await filters.click();
  await page.getByLabel('Platform').selectOption('Instagram');
  await expect(page.getByText('Sort and filters (1 on)')).toBeVisible();
  await page.getByLabel(`Select ${name}`).check();
  await expect(
    page.getByRole('group', { name: 'Selected applications' }),
  ).toBeVisible();
  expect(await overflow()).toBe(0);
  await page.getByRole('link', { name, exact: true }).click();
  // Narrow, the application is the page's main content, with its name as the page's heading.
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name }),
  ).toBeVisible();
  expect(await overflow()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: '← Applications' }).click();
  await expect(page.getByLabel(`Select ${name}`)).toBeChecked();
  for (const screen of ['settings', 'staff', 'audit']) {
    await page.goto(serverUrl('example', `/review/${screen}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await overflow(), screen).toBe(0);
  }
});

/** An application by Ada `lastName` answering `trip` about the trip, sent through the public API. */
async function sendWithTrip(page: Page, lastName: string, trip: string) {
  const application = validApplication({
    emailAddress: `${lastName.toLowerCase()}@example.com`,
  });
  application.personalInfo.lastName = lastName;
  application.fields = application.fields.map((field) =>
    field.key === 'single.tripDetails' ? { ...field, value: trip } : field,
  );
  const response = await page.request.put(
    serverUrl('example', '/api/syncPage/aldmere-creators'),
    { headers: { 'idempotency-key': randomUUID() }, data: application },
  );
  expect(response.status()).toBe(201);
  return `Ada ${lastName}`;
}

test('shows a right-to-left answer right to left in the open application, and the others left to right', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  const lastName = `Tester${randomUUID().slice(0, 8)}`;
  const trip = 'رحلة على طول الساحل';
  await sendWithTrip(page, lastName, trip);
  await signIn(page, email);
  await page.goto(serverUrl('example', `/review?search=${lastName}`));
  await page
    .getByRole('link', { name: `Ada ${lastName}`, exact: true })
    .click();
  const panel = page.getByRole('complementary');
  const direction = (text: string) =>
    panel
      .getByText(text, { exact: true })
      .evaluate((element) => (element.matches(':dir(rtl)') ? 'rtl' : 'ltr'));
  expect(await direction(trip)).toBe('rtl');
  expect(await direction('Food and slow travel')).toBe('ltr');
});

test('finds a word only an answer holds, best match first, and marks it in the open application', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  const word = `Fjordpaddle${randomUUID().slice(0, 8)}`;
  const best = await sendWithTrip(
    page,
    `Best${randomUUID().slice(0, 8)}`,
    `${word} at dawn, ${word} at dusk: a ${word} film`,
  );
  // Newer, so newest first would list it first; it mentions the word once.
  const other = await sendWithTrip(
    page,
    `Other${randomUUID().slice(0, 8)}`,
    `Cities, and one ${word} morning`,
  );
  await signIn(page, email);
  await page.goto(
    serverUrl('example', `/review?search=${word.slice(0, -3).toLowerCase()}`),
  );
  const rows = page.getByRole('row').filter({ hasText: 'Ada ' });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(best);
  await expect(rows.nth(1)).toContainText(other);
  await expect(page.getByLabel('Sort')).toHaveValue('');
  await expect(
    page.getByLabel('Sort').getByRole('option', { selected: true }),
  ).toHaveText('Best match');

  await page.getByRole('link', { name: best, exact: true }).click();
  const panel = page.getByRole('complementary');
  await expect(panel.locator('mark')).toHaveText([word, word, word]);
  await expect(
    panel.getByText(`${word} at dawn, ${word} at dusk: a ${word} film`),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
