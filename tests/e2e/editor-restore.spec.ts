import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { nothingToPublish } from '../../src/review-api/form.ts';
import { seriousViolations } from '../support/axe.ts';
import { startFormServers } from '../support/form-servers.ts';

// Restoring a version and publishing after it, on a server of its own (it changes the form it
// serves): version 1 is the example, version 2 the same with More Details moved before General
// Information, renamed About you.

let servers: Awaited<ReturnType<typeof startFormServers>>;
let url = '';
const firstTitle = 'Creator Application · Visit Aldmere Coast';

test.setTimeout(120_000);
// One after the other: each test goes on from the versions the one before published.
test.describe.configure({ mode: 'serial' });
// axe is injected into the pages it checks.
test.use({ bypassCSP: true });

test.beforeAll(async () => {
  servers = await startFormServers(1);
  url = servers.servers[0]?.url ?? '';
  const command = (args: string[]) =>
    execFileSync(process.execPath, ['dist/server/form.js', ...args], {
      env: { ...process.env, ...servers.env },
    }).toString();
  const form = JSON.parse(command(['export'])) as {
    title: string;
    steps: Array<{ name: string }>;
  };
  expect(form.title).toBe(firstTitle);
  const [welcome, general, moreDetails, ...rest] = form.steps;
  if (!welcome || !general || !moreDetails) throw new Error('too few steps');
  expect([general.name, moreDetails.name]).toEqual([
    'General Information',
    'More Details',
  ]);
  const moved = join(mkdtempSync(join(tmpdir(), 'restore-')), 'form.json');
  writeFileSync(
    moved,
    JSON.stringify({
      ...form,
      steps: [welcome, moreDetails, { ...general, name: 'About you' }, ...rest],
    }),
  );
  expect(command(['publish', moved])).toContain('Published version 2');
  servers.addStaff('ada@example.org', 'admin');
});

test.afterAll(() => servers.stop());

const publishButton = (page: Page) =>
  page.getByRole('button', { name: 'Publish', exact: true });

async function openEditor(page: Page) {
  await servers.signIn(page, 'ada@example.org', '/review/form');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Form' }),
  ).toBeVisible();
}

test('Publish is disabled while the draft is the published version, and says why', async ({
  page,
}) => {
  await openEditor(page);
  await expect(publishButton(page)).toBeDisabled();
  await expect(publishButton(page)).toHaveAccessibleDescription(
    nothingToPublish,
  );
  await page.getByRole('button', { name: 'General', exact: true }).click();
  const title = page.getByLabel('Title');
  await title.fill('Something else');
  await expect(publishButton(page)).toBeEnabled();
  // Typed back as it was: nothing to publish again.
  await title.fill(firstTitle);
  await expect(publishButton(page)).toBeDisabled();
  await expect(page.getByText('Draft saved')).toBeVisible();
});

test('the versions list tells a step moved from a step renamed', async ({
  page,
}) => {
  await openEditor(page);
  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  const second = page.getByRole('listitem').filter({ hasText: 'Version 2' });
  await expect(second).toContainText(
    'Renamed the step “General Information” to “About you”; Moved the step “More Details” before “About you”',
  );
  await expect(second).not.toContainText('to “More Details”');
});

test('Restore asks first, says what it brings back, leaves the editor on the new version, and the next publish works', async ({
  page,
}) => {
  await openEditor(page);
  // A draft with an edit nobody published.
  await page.getByRole('button', { name: 'General', exact: true }).click();
  await page.getByLabel('Title').fill('Half-done title');
  await expect(page.getByText('Draft saved')).toBeVisible();

  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  const restoreOne = page.getByRole('button', { name: 'Restore version 1' });
  await restoreOne.click();
  const dialog = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expect(dialog).toContainText('Publish version 1 again as version 3?');
  const bringsBack = dialog.getByRole('list', { name: 'It brings back:' });
  await expect(bringsBack).toContainText(
    'Renamed the step “About you” to “General Information”',
  );
  await expect(bringsBack).toContainText(
    'Moved the step “General Information” before “More Details”',
  );
  await expect(dialog).toContainText(
    'The draft has changes that are not published',
  );
  const confirm = dialog.getByRole('button', {
    name: 'Throw away the draft and publish version 1 as version 3',
  });
  await expect(confirm).toBeVisible();
  // Focus is in the dialog, Esc cancels it and focus goes back where it was.
  expect(
    await dialog.evaluate((element) =>
      element.contains(document.activeElement),
    ),
  ).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(restoreOne).toBeFocused();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Version 3' }),
  ).toHaveCount(0);

  await restoreOne.click();
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByText('Version 1 is published again as version 3.'),
  ).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Published version 3' }),
  ).toBeVisible();
  await expect(
    page.getByRole('note').filter({ hasText: 'has been published since' }),
  ).toHaveCount(0);
  await expect(publishButton(page)).toBeDisabled();
  expect(await (await fetch(url)).text()).toContain(
    `<title>${firstTitle}</title>`,
  );

  // The draft was thrown away: the editor shows version 1's title, and goes on from version 3.
  await page.getByRole('button', { name: 'General', exact: true }).click();
  const title = page.getByLabel('Title');
  await expect(title).toHaveValue(firstTitle);
  await title.fill('Spring creators');
  await publishButton(page).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Published version 4' }),
  ).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Not published' }),
  ).toHaveCount(0);
  expect(await (await fetch(url)).text()).toContain(
    '<title>Spring creators</title>',
  );
  await expect(publishButton(page)).toBeDisabled();

  // Opened again, the editor starts from version 4 with no draft behind it.
  await page.reload();
  await page.getByRole('button', { name: 'General', exact: true }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Spring creators');
  await expect(publishButton(page)).toBeDisabled();
});
