import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { startFormServers } from '../support/form-servers.ts';

// The form editor's Translations view end to end, on a server of its own: publishing changes the
// form it serves.

const admin = 'tess@example.org';

let servers: Awaited<ReturnType<typeof startFormServers>>;

test.beforeAll(async () => {
  servers = await startFormServers(1, { engine: 'sqlite' });
  servers.addStaff(admin, 'admin');
});

test.afterAll(() => servers.stop());

// One long journey through the editor, on a machine other suites keep busy.
test.setTimeout(180_000);
// axe is injected into the pages it checks.
test.use({ bypassCSP: true });

/** "41 of 96 translated" → 41. */
async function translatedCount(page: Page): Promise<number> {
  const progress = page.getByText(/^\d+ of \d+ translated$/);
  await expect(progress).toBeVisible();
  return Number(/^\d+/.exec((await progress.textContent()) ?? '')?.[0]);
}

test('an admin adds German, translates in the Translations view, previews it, is warned of the rest and publishes', async ({
  page,
}) => {
  await servers.signIn(page, admin, '/review/form');
  // The editor is a lazy chunk, fetched on a machine other suites keep busy.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Form' }),
  ).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Translations', exact: true }).click();
  const view = page.getByRole('region', { name: 'Translations' });
  await expect(view.getByText('Add a language to translate')).toBeVisible();

  // A tag that is none is refused in words; German is added from the list.
  await view.getByLabel('Or its tag (like pt-BR)').fill('German');
  await view.getByRole('button', { name: 'Add this language' }).click();
  await expect(view.getByRole('alert')).toHaveText(
    '“German” is not a language tag: type one like de, pt-BR or zh-Hant.',
  );
  await view
    .getByLabel('Add a language')
    .selectOption({ label: 'German (Deutsch)' });
  await view.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(view.getByLabel('Translate into')).toHaveValue('de');
  const before = await translatedCount(page);

  // Each text beside its translation, named in words and grouped by step.
  const general = view.getByRole('region', {
    name: 'Step 2, General Information',
  });
  await general.getByLabel('Step name').fill('Allgemeine Angaben');
  await general
    .getByLabel('Text question “First Name”: question')
    .fill('Vorname');
  await expect(general.getByText('First Name', { exact: true })).toBeVisible();
  expect(await translatedCount(page)).toBe(before + 2);

  // The preview shows the draft in German, on the step just translated.
  const preview = page.frameLocator('iframe[title="Preview of the form"]');
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('de');
  await page
    .getByLabel('Preview step')
    .selectOption({ label: '2. General Information' });
  await expect(preview.getByRole('textbox', { name: /Vorname/ })).toBeVisible();
  await page
    .getByLabel('Language', { exact: true })
    .selectOption({ label: 'English' });
  await expect(
    preview.getByRole('textbox', { name: /First Name/ }),
  ).toBeVisible();

  // The rest are warnings beside Publish, which stays open to use; each opens what is missing.
  const warning = page.getByRole('button', {
    name: /^German: \d+ texts not translated$/,
  });
  await expect(warning).toBeVisible();
  await page.getByRole('button', { name: 'General', exact: true }).click();
  await warning.click();
  await expect(view.getByLabel('Only missing')).toBeChecked();
  await expect(
    view.getByRole('region', { name: 'Step 2, General Information' }),
  ).not.toContainText('Allgemeine Angaben');
  await view.getByLabel('Only missing').uncheck();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Removing a language asks first, naming what goes with it.
  await view.getByRole('button', { name: 'Remove German (Deutsch)' }).click();
  await expect(
    view.getByRole('group', { name: 'Remove German (Deutsch)' }),
  ).toContainText('Remove it and its 2 translations?');
  await view.getByRole('button', { name: 'Keep', exact: true }).click();
  await expect(view.getByLabel('Translate into')).toHaveValue('de');

  // A translator's file: what it has is taken, an unknown path refused by its line.
  await view.getByLabel('Take translations from a file').setInputFiles({
    name: 'de.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'path,source,translation\ntitle,x,Bewerbung\nsteps.99.name,x,Weg\n',
    ),
  });
  await expect(view.getByRole('status')).toContainText(
    'Took 1 translation from de.csv; refused 1, listed below.',
  );
  await expect(view.getByRole('status')).toContainText(
    'Line 3 (“steps.99.name”): no text of this form has that path.',
  );
  await expect(
    view.getByRole('textbox', { name: 'Title', exact: true }),
  ).toHaveValue('Bewerbung');

  await expect(page.getByText('Draft saved')).toBeVisible();
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Published version 2' }),
  ).toBeVisible();

  // The published form carries the translations, by the path of each text.
  const published = (await (
    await page.request.get(`${servers.servers[0]?.url}/api/review/form`)
  ).json()) as {
    version: number;
    config: { languages: string[]; translations: Record<string, object> };
  };
  expect(published.version).toBe(2);
  expect(published.config.languages).toEqual(['en', 'de']);
  expect(published.config.translations.de).toEqual({
    title: 'Bewerbung',
    'steps.1.name': 'Allgemeine Angaben',
    'steps.1.blocks.0.data.label': 'Vorname',
  });
});
