import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { botCheckHeader } from '../../src/engine/sync-page.ts';
import { defaultTexts } from '../../src/engine/texts.ts';
import { startFormServers } from '../support/form-servers.ts';
import {
  exampleWith,
  toWizardJson,
  withOverrides,
} from '../support/wizard-configs.ts';
import {
  backButton,
  continueButton,
  heading,
  passGeneralInformation,
  passMoreDetails,
  serverError,
  startApplication,
  textbox,
  thankYou,
  uniqueEmail,
} from '../support/wizard.ts';

// A form with the proof-of-work bot check on, served by a server of its own: the applicant's browser
// solves the check unseen, under the page's real Content-Security-Policy (no bypass here).

let servers: Awaited<ReturnType<typeof startFormServers>>;
const directory = mkdtempSync(join(tmpdir(), 'bot-check-'));

test.beforeAll(async () => {
  symlinkSync(resolve('config/images'), join(directory, 'images'));
  const config = join(directory, 'bot-check.wizard.json');
  writeFileSync(
    config,
    toWizardJson(exampleWith(withOverrides({ botCheck: true }))),
  );
  servers = await startFormServers(1, { env: { WIZARD_CONFIG: config } });
});

test.afterAll(async () => {
  await servers.stop();
  rmSync(directory, { recursive: true, force: true });
});

test.setTimeout(90_000);

/** The check's chunk, its worker and its challenge. */
const botCheckFiles = /bot-check|pbkdf2/;

async function storedCount(email: string): Promise<number> {
  const database = await servers.openDatabase();
  try {
    const rows = await database.db
      .selectFrom('applications')
      .select('id')
      .where('email', '=', email)
      .execute();
    return rows.length;
  } finally {
    await database.close();
  }
}

/** Opens the form and answers both form steps; Continue on More Details sends. */
async function answerEverything(page: Page, email: string) {
  await page.goto(servers.servers[0]?.url ?? '');
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  await passGeneralInformation(page, email);
  await passMoreDetails(page);
}

test('an applicant sends the form without seeing any check: it is loaded and solved from the first form step on, and the server takes it', async ({
  page,
}) => {
  const email = uniqueEmail('bot-check');
  const requested: string[] = [];
  const answers: Array<string | undefined> = [];
  page.on('request', (request) => {
    requested.push(request.url());
    if (request.url().includes('/api/syncPage/'))
      answers.push(request.headers()[botCheckHeader.toLowerCase()]);
  });
  await page.goto(servers.servers[0]?.url ?? '');
  await expect(heading(page, 'Welcome!')).toBeVisible();
  // The Welcome step, with the form built behind it, loads none of the check's code.
  expect(requested.filter((url) => botCheckFiles.test(url))).toEqual([]);

  const challenge = page.waitForResponse('**/api/bot-check/challenge');
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  expect((await challenge).status()).toBe(200);
  await passGeneralInformation(page, email);
  await passMoreDetails(page);
  await expect(thankYou(page)).toBeVisible({ timeout: 30_000 });
  expect(answers).toHaveLength(1);
  expect(answers[0]).toMatch(/^[A-Za-z0-9+/]+=*$/);
  await expect(page.getByText(defaultTexts.botCheckFailed)).toHaveCount(0);
  expect(await storedCount(email)).toBe(1);
});

test('a refused answer says so, keeps every answer, and the next Send goes through', async ({
  page,
}) => {
  const email = uniqueEmail('bot-check-refused');
  // The answer is spoilt on its way, as a wrong or replayed one would be refused.
  const spoil = async (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.continue({
      headers: {
        ...route.request().headers(),
        [botCheckHeader.toLowerCase()]: 'c3BvaWx0',
      },
    });
  await page.route('**/api/syncPage/**', spoil);
  await answerEverything(page, email);
  await expect(serverError(page)).toHaveText(defaultTexts.botCheckFailed, {
    timeout: 30_000,
  });
  await expect(heading(page, 'More Details')).toBeVisible();
  expect(await storedCount(email)).toBe(0);

  await backButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  await expect(textbox(page, 'First Name')).toHaveValue('Ada');
  await expect(textbox(page, 'Email Address')).toHaveValue(email);
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();

  await page.unroute('**/api/syncPage/**', spoil);
  await continueButton(page).click();
  await expect(thankYou(page)).toBeVisible({ timeout: 30_000 });
  expect(await storedCount(email)).toBe(1);
});

test('a form without the check loads none of its code and asks for no challenge', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await startApplication(page);
  await passGeneralInformation(page, uniqueEmail('no-bot-check'));
  expect(requested.filter((url) => botCheckFiles.test(url))).toEqual([]);
  expect(requested.filter((url) => url.includes('/assets/'))).not.toEqual([]);
});
