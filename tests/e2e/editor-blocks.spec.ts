import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { staffMember } from '../support/staff.ts';
import { startTestServer } from '../support/test-server.ts';

// A block's own settings in the form editor, in words: on a server of its own (it publishes), the
// built pages over a scratch SQLite database.

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let cookie: string;

test.beforeAll(async () => {
  server = await startTestServer({ distDirectory: 'dist' });
  cookie = await staffMember(
    server,
    'ada@example.org',
    'admin',
    'correct horse battery staple',
  );
});

test.afterAll(async () => {
  await server.close();
});

test.setTimeout(120_000);
// axe is injected into the page it checks.
test.use({ bypassCSP: true });

async function openEditor(page: Page) {
  const [name = '', value = ''] = cookie.split('=');
  await page
    .context()
    .addCookies([{ name, value, url: server.baseUrl, sameSite: 'Strict' }]);
  await page.goto(`${server.baseUrl}/review/form`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Form' }),
  ).toBeVisible();
}

/** The values of the text fields on screen: a key shown in one is a key on screen. */
const shownValues = (page: Page) =>
  page
    .locator('input:visible, textarea:visible')
    .evaluateAll((fields) =>
      fields.map((field) => (field as HTMLInputElement).value),
    );

test('a new block speaks words: its key made from its question and kept under Advanced, only the checks of its kind, rules that start empty, problems in words', async ({
  page,
}) => {
  await openEditor(page);
  await page.getByRole('button', { name: '3. More Details' }).click();
  await page.getByLabel('New block').selectOption('textInput');
  await page.getByRole('button', { name: 'Add block' }).click();
  const question = page.getByRole('button', {
    name: 'Text question: New question',
  });
  await question.click();

  // No code words on screen: no answer key in a field or a list, no "Answer key" outside Advanced.
  await expect(page.getByLabel('Question', { exact: true })).toHaveValue(
    'New question',
  );
  const codeWords = /fields\.(?:single|multi)|personalInfo\./;
  expect(
    (await shownValues(page)).filter((value) => codeWords.test(value)),
  ).toEqual([]);
  await expect(
    page.locator('option, label, p, li').filter({ hasText: codeWords }),
  ).toHaveCount(0);
  await expect(
    page.getByText(/Answer key/).filter({ visible: true }),
  ).toHaveCount(0);

  // Rules start empty, and say so.
  const disable = page.getByLabel('Disable when');
  await expect(disable).toHaveValue('');
  await expect(disable.locator('option:checked')).toHaveText('Never');
  await expect(
    page.getByLabel('Show only when').locator('option:checked'),
  ).toHaveText('Always shown');
  await expect(page.getByLabel('Must be a ZIP or postal code')).toBeVisible();

  // The key follows the question while the question is new, and shows under Advanced.
  await page
    .getByLabel('Question', { exact: true })
    .fill("What's your favourite season?");
  await page.getByText('Advanced', { exact: true }).click();
  const key = page.getByLabel('Answer key (where the answer is stored)');
  await expect(key).toHaveValue('fields.single.favouriteSeason');
  expect(await seriousViolations(page)).toEqual([]);

  // Published, the key stays when the question is reworded: answers already sent keep their key.
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Published version 2' }),
  ).toBeVisible();
  await page.getByLabel('Question', { exact: true }).fill('Best season?');
  await expect(key).toHaveValue('fields.single.favouriteSeason');
  await page
    .getByRole('button', { name: 'Text question: Best season?' })
    .click();

  // A yes/no offers no check a typed answer has.
  await page.getByLabel('New block').selectOption('yesNo');
  await page.getByRole('button', { name: 'Add block' }).click();
  await page
    .getByRole('button', { name: 'Yes/no question: New yes/no question' })
    .click();
  await expect(page.getByLabel('Required')).toBeVisible();
  await expect(page.getByLabel(/ZIP/)).toHaveCount(0);
  await expect(page.getByLabel(/^Must be/)).toHaveCount(0);

  // The Country question removed: the State question's condition says what is wrong, in words.
  await page.getByRole('button', { name: '2. General Information' }).click();
  await page.getByRole('button', { name: 'Actions for block Country' }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await page
    .getByRole('button', { name: /question: State or province/ })
    .click();
  const showWhen = page.getByLabel('Show only when');
  await expect(showWhen).toHaveAccessibleDescription(
    'The “Country” question is needed by the “State or province” question, which shows only depending on its answer: add the “Country” question back, or change “Show only when”.',
  );
  await expect(page.getByText(/no block shows/)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
