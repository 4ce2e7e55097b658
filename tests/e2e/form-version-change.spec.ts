import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { WizardConfig } from '../../src/engine/config-schema.ts';
import { savedDraftLifetimeMs } from '../../src/server/form/accepted-versions.ts';
import { createFormStore } from '../../src/server/form/form-store.ts';
import { publishForm } from '../../src/server/form/publish-form.ts';
import { createAuditLog } from '../../src/server/staff/audit-log.ts';
import { seriousViolations } from '../support/axe.ts';
import { startFormServers } from '../support/form-servers.ts';
import {
  continueButton,
  fillGeneralInformation,
  fillMoreDetails,
  heading,
  textbox,
  thankYou,
  uniqueEmail,
} from '../support/wizard.ts';
import {
  exampleWith,
  named,
  toWizardJson,
  withNewQuestion,
  withoutQuestion,
} from '../support/wizard-configs.ts';

// Applicants half-way through the form when an admin publishes, on a server of its own (the tests
// publish to it), on PostgreSQL when one answers.

const adminToken = 'form-version-change-token-0123456789';
/** The page id of every version the tests publish: their call's slug. */
const pageId = 'aldmere-creators';

let url = '';
let env: Record<string, string> = {};
let servers: Awaited<ReturnType<typeof startFormServers>>;

test.beforeAll(async () => {
  servers = await startFormServers(1, { env: { ADMIN_TOKEN: adminToken } });
  url = servers.servers[0]?.url ?? '';
  env = servers.env;
});

test.afterAll(() => servers.stop());

test.setTimeout(120_000);
// One after the other: each publishes a version the next starts from.
test.describe.configure({ mode: 'serial' });
// axe is injected into the page it checks.
test.use({ bypassCSP: true });

/** Waits until the server's page is the version titled `title`: each version has its own. */
async function servedAs(title: string): Promise<void> {
  await expect
    .poll(
      async () => /<title>([^<]*)</.exec(await (await fetch(url)).text())?.[1],
      // The server looks for a newer version every 500 ms; the ceiling only ends a hang.
      { timeout: 30_000 },
    )
    .toBe(title);
}

/** Publishes with the command line, as a team that keeps its form in version control does. */
async function publishFromCommandLine(config: WizardConfig): Promise<void> {
  const file = join(mkdtempSync(join(tmpdir(), 'form-version-')), 'form.json');
  writeFileSync(file, toWizardJson(config));
  execFileSync(process.execPath, ['dist/server/form.js', 'publish', file], {
    env: { ...process.env, ...env },
  });
  await servedAs(config.title);
}

/** The one application stored for `email`, as the review API reads it: each answer with its question. */
async function storedFor(email: string) {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const list = (await (
    await fetch(`${url}/api/applications?search=${encodeURIComponent(email)}`, {
      headers,
    })
  ).json()) as { items: Array<{ id: string }> };
  expect(list.items).toHaveLength(1);
  return (await (
    await fetch(`${url}/api/applications/${list.items[0]?.id}`, { headers })
  ).json()) as {
    configVersion: string;
    answers: Array<{
      step: string;
      answers: Array<{ question: string; text: string }>;
    }>;
  };
}

const questionsOf = (stored: Awaited<ReturnType<typeof storedFor>>) =>
  Object.fromEntries(
    stored.answers.flatMap((step) =>
      step.answers.map((answer) => [answer.question, answer.text]),
    ),
  );

const hashOf = async (version: number) => {
  const database = await servers.openDatabase();
  try {
    return (await createFormStore(database, pageId).version(version))
      ?.configHash;
  } finally {
    await database.close();
  }
};

/** A new applicant, on a tab of their own, past General Information: More Details on screen. */
async function reachMoreDetails(page: Page, email: string): Promise<void> {
  await page.goto(url);
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  await fillGeneralInformation(page, email);
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
}

const season = withNewQuestion('bestSeason', 'Which season suits you best?');
const noAnythingElse = withoutQuestion('fields.single.anythingElse');

test('an applicant half-way through when a version adds a required question and removes one sends what they were asked, and it reads with those questions', async ({
  page,
}) => {
  const email = uniqueEmail('half-way');
  await reachMoreDetails(page, email);

  await publishFromCommandLine(
    exampleWith(
      named('aldmere-creators', 'Aldmere creators · spring'),
      season,
      noAnythingElse,
    ),
  );

  await fillMoreDetails(page);
  await textbox(page, 'Anything else we should know?').fill('Vegetarian');
  await continueButton(page).click();
  await expect(thankYou(page)).toBeVisible();
  const stored = await storedFor(email);
  expect(stored.configVersion).toBe(await hashOf(1));
  const questions = questionsOf(stored);
  expect(questions['Anything else we should know?']).toBe('Vegetarian');
  expect(questions).not.toHaveProperty('Which season suits you best?');
});

test('an applicant whose version was replaced longer ago than a draft is kept is told the form changed, keeps every answer still asked, answers the new question and sends', async ({
  page,
}) => {
  const email = uniqueEmail('past-retention');
  await reachMoreDetails(page, email);
  await fillMoreDetails(page);
  await textbox(page, 'Which season suits you best?').fill('Spring');

  // Version 3, as if published a day more than a draft's lifetime ago: version 2, which this
  // applicant's page is, was replaced then.
  const summer = exampleWith(
    named('aldmere-creators', 'Aldmere creators · summer'),
    season,
    noAnythingElse,
    withNewQuestion('arrivalTown', 'Which town will you arrive in?', {
      step: 'General Information',
    }),
    withoutQuestion('fields.single.partySize'),
  );
  const database = await servers.openDatabase();
  try {
    const outcome = await publishForm(
      {
        store: createFormStore(
          database,
          pageId,
          () => new Date(Date.now() - savedDraftLifetimeMs - 86_400_000),
        ),
        audit: createAuditLog(database),
      },
      { config: summer, by: 'ada@example.org', address: null },
    );
    expect(outcome).toMatchObject({ kind: 'published', number: 3 });
  } finally {
    await database.close();
  }
  await servedAs(summer.title);

  await continueButton(page).click();
  // Taken to the first step with something to answer, told why, its heading focused.
  const general = heading(page, 'General Information');
  await expect(general).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText(
    'This form has changed: check the new questions',
  );
  await expect(page).toHaveURL(/step=general-information/);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(textbox(page, 'First Name')).toHaveValue('Ada');
  await expect(textbox(page, 'Email Address')).toHaveValue(email);
  await expect(textbox(page, 'Phone number')).toHaveValue('7700900123');
  const town = textbox(page, 'Which town will you arrive in?');
  await expect(town).toHaveValue('');
  await town.fill('Aldmere');

  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
  await expect(
    textbox(page, 'What content angle or interest would you bring?'),
  ).toHaveValue('Food and slow travel');
  await expect(textbox(page, 'Which season suits you best?')).toHaveValue(
    'Spring',
  );
  await expect(
    textbox(page, 'Who is travelling with you? Names, titles and roles'),
  ).toHaveCount(0);
  await continueButton(page).click();
  await expect(thankYou(page)).toBeVisible();

  const stored = await storedFor(email);
  expect(stored.configVersion).toBe(await hashOf(3));
  expect(questionsOf(stored)).toMatchObject({
    'Which town will you arrive in?': 'Aldmere',
    'Which season suits you best?': 'Spring',
    'What content angle or interest would you bring?': 'Food and slow travel',
  });
});
