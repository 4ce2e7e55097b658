import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { e2eAdminToken, serverUrl } from '../support/servers.ts';
import {
  addStaff,
  signIn,
  submitApplication,
  submitTagged,
} from '../support/workspace.ts';

// axe runs on every screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });

/** The id of the one application a search finds, read as the signed-in page reads it. */
async function idOf(page: Page, search: string): Promise<string> {
  const response = await page.request.get(
    serverUrl('example', `/api/review/applications?search=${search}`),
  );
  const { items } = (await response.json()) as { items: Array<{ id: string }> };
  return items[0]?.id ?? '';
}

test('says where each action was refused, and keeps what was typed, when another admin erased the application meanwhile', async ({
  page,
}) => {
  const name = await submitApplication(page);
  const search = name.split(' ')[1] ?? '';
  await signIn(page, addStaff('reviewer'), `/review?search=${search}`);
  await page.getByRole('link', { name, exact: true }).click();
  const panel = page.getByRole('complementary');
  await expect(panel.getByRole('heading', { level: 2, name })).toBeFocused();

  // Another admin erases it, through the automation token, while it is open here.
  const erased = await page.request.delete(
    serverUrl(
      'example',
      `/api/review/applications/${await idOf(page, search)}`,
    ),
    {
      headers: {
        authorization: `Bearer ${e2eAdminToken}`,
        origin: serverUrl('example', ''),
      },
    },
  );
  expect([202, 204]).toContain(erased.status());

  const stage = panel.getByRole('group', { name: 'Stage' });
  await stage.getByRole('button', { name: /^Shortlist/ }).click();
  await expect(stage.getByRole('alert')).toHaveText(
    'Not moved to Shortlisted: No application with that id.',
  );
  await expect(
    stage.getByRole('button', { name: /^Shortlist/ }),
  ).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('a');
  await expect(stage.getByRole('alert')).toHaveText(
    'Not moved to Accepted: No application with that id.',
  );

  const votes = panel.getByRole('group', { name: 'Your vote' });
  await votes.getByRole('button', { name: 'Vote up' }).click();
  await expect(votes.getByRole('alert')).toHaveText(
    'The vote was not counted: No application with that id.',
  );
  await expect(votes.getByRole('button', { name: 'Vote up' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  const tagBox = panel.getByLabel('Add a tag');
  await tagBox.fill('Food angle');
  await panel.getByRole('button', { name: 'Add tag' }).click();
  await expect(
    panel.getByText('“Food angle” was not added: No application with that id.'),
  ).toBeVisible();
  await expect(tagBox).toHaveValue('Food angle');

  const note = panel.getByLabel('Add a note');
  await note.fill('Ask about the dates.');
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(note).toHaveAccessibleDescription(
    'No application with that id.',
  );
  await expect(note).toHaveValue('Ask about the dates.');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a tag the server refuses comes back into the box with the reason', async ({
  page,
}) => {
  const name = await submitApplication(page);
  await signIn(
    page,
    addStaff('reviewer'),
    `/review?search=${name.split(' ')[1]}`,
  );
  await page.getByRole('link', { name, exact: true }).click();
  const panel = page.getByRole('complementary');
  const tagBox = panel.getByLabel('Add a tag');
  await tagBox.fill('???');
  await panel.getByRole('button', { name: 'Add tag' }).click();
  await expect(
    panel.getByText('“???” was not added: A tag needs a letter or a digit.'),
  ).toBeVisible();
  await expect(tagBox).toHaveValue('???');
  await expect(tagBox).toHaveAttribute('aria-invalid', 'true');

  await tagBox.fill('Coast');
  await panel.getByRole('button', { name: 'Add tag' }).click();
  await expect(panel.getByRole('list', { name: 'Tags' })).toHaveText('coast×');
  await expect(tagBox).toHaveValue('');
  await expect(tagBox).toHaveAttribute('aria-invalid', 'false');
});

test('a sign-out that does not reach the server says so, and stays signed in', async ({
  page,
  context,
}) => {
  const email = addStaff('reviewer');
  await signIn(page, email);
  await expect(page.getByText(email)).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('alert')).toHaveText(
    'You are still signed in: The server cannot be reached. Check the connection and try again.',
  );
  await expect(page).toHaveURL(serverUrl('example', '/review'));
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/review\/sign-in$/);
});

test('a decision on the second page keeps both pages listed, the moved one in its new stage', async ({
  page,
}) => {
  await signIn(page, addStaff('reviewer'));
  const tag = `pages-${randomUUID().slice(0, 8)}`;
  await submitTagged(
    page,
    tag,
    60,
    (index) => `Page${String(index).padStart(2, '0')}`,
  );

  await page.goto(serverUrl('example', `/review?tag=${tag}`));
  const rows = page.getByRole('table').getByRole('row');
  // A page holds 50, and the header row.
  await expect(rows).toHaveCount(51);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(rows).toHaveCount(61);
  // The oldest, listed last, on the second page.
  const name = 'Page00 Lovelace';
  await page.getByRole('link', { name, exact: true }).click();
  const panel = page.getByRole('complementary');
  await expect(panel.getByRole('heading', { level: 2, name })).toBeFocused();
  await page.keyboard.press('s');
  await expect(
    panel.getByRole('button', { name: /^Shortlist/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
    'Shortlisted',
  );
  await expect(rows).toHaveCount(61);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});

test('a decision e-mail that cannot be prepared says so and can be tried again, instead of passing for "e-mail is off"', async ({
  page,
}) => {
  const name = await submitApplication(page);
  await signIn(
    page,
    addStaff('reviewer'),
    `/review?search=${name.split(' ')[1]}`,
  );
  await page.getByRole('link', { name, exact: true }).click();
  const panel = page.getByRole('complementary');
  // The draft's request fails on the way, as a dropped connection would.
  await page.route('**/decision-draft?*', (route) => route.abort('failed'));
  await panel.getByRole('button', { name: /^Accept/ }).click();
  const offer = panel.getByRole('group', { name: 'Decision e-mail' });
  await expect(offer.getByRole('alert')).toHaveText(
    'The e-mail to the applicant could not be prepared: The server cannot be reached. Check the connection and try again.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.unroute('**/decision-draft?*');
  await offer.getByRole('button', { name: 'Try again' }).click();
  await expect(panel.getByLabel('Subject')).not.toHaveValue('');
  await expect(
    panel.getByRole('button', { name: 'Send e-mail' }),
  ).toBeVisible();
});
