import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { startFormServers } from '../support/form-servers.ts';

// The editor's hidden fields and frame options, published: on a server of its own, since
// publishing changes the form it serves.

const admin = 'hidden-fields@example.org';

let servers: Awaited<ReturnType<typeof startFormServers>>;

test.beforeAll(async () => {
  servers = await startFormServers(1, { engine: 'sqlite' });
  servers.addStaff(admin, 'admin');
});

test.afterAll(() => servers.stop());

test.setTimeout(120_000);
// axe is injected into the pages it checks.
test.use({ bypassCSP: true });

test('General adds a hidden field, refuses a name against the rule at its field, keeps ref, and the published form has them', async ({
  page,
}) => {
  await servers.signIn(page, admin, '/review/form');
  // The editor is a lazy chunk, fetched on a machine other suites keep busy.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Form' }),
  ).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'General', exact: true }).click();
  const hidden = page.getByRole('group', { name: 'Hidden fields' });
  await expect(hidden).toBeVisible();
  // `ref` is recorded by every form: listed, and not removable.
  await expect(hidden.getByRole('listitem')).toHaveCount(1);
  await expect(hidden.getByRole('listitem')).toContainText(
    'refAlways recorded',
  );
  await expect(hidden.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  const name = hidden.getByLabel('Name of a hidden field');
  const add = hidden.getByRole('button', { name: 'Add', exact: true });
  for (const [typed, refusal] of [
    ['Partner', /^Lower-case letters, digits and _/],
    ['lang', /^“lang” is a parameter the form reads for itself/],
    ['ref', /^“ref” is always recorded\.$/],
  ] as const) {
    await name.fill(typed);
    await add.click();
    await expect(hidden.getByRole('alert')).toHaveText(refusal);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    // What was typed stays, to be corrected.
    await expect(name).toHaveValue(typed);
  }
  await name.fill('partner');
  await name.press('Enter');
  await expect(hidden.getByRole('alert')).toHaveCount(0);
  await expect(name).toHaveValue('');
  await expect(hidden.getByRole('listitem')).toHaveCount(2);
  await expect(
    hidden.getByRole('button', { name: 'Remove hidden field partner' }),
  ).toBeVisible();

  const frame = page.getByRole('group', { name: 'Embedded on another site' });
  const footer = frame.getByLabel('Show the footer inside the frame');
  await expect(footer).not.toBeChecked();
  await expect(
    frame.getByLabel('Show the logo inside the frame'),
  ).not.toBeChecked();
  await footer.check();

  expect(await seriousViolations(page)).toEqual([]);

  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Published version 2' }),
  ).toBeVisible();
  const published = (await (
    await page.request.get(`${servers.servers[0]?.url}/api/review/form`)
  ).json()) as {
    version: number;
    config: { hiddenFields: string[]; embed: unknown };
  };
  expect(published.version).toBe(2);
  expect(published.config.hiddenFields).toEqual(['partner']);
  expect(published.config.embed).toEqual({ logo: false, footer: true });
});
