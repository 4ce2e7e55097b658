import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from '../support/axe.ts';
import { putApplication, validApplication } from '../support/fixtures.ts';
import { password, startFormServers } from '../support/form-servers.ts';
import {
  answerYesNo,
  continueButton,
  fillMoreDetails,
  passGeneralInformation,
  textbox,
  thankYou,
} from '../support/wizard.ts';

// The form editor end to end, on servers of its own (it changes the form they serve): two
// processes of the built server on one database, PostgreSQL when one answers.

type FormServers = Awaited<ReturnType<typeof startFormServers>>;
let servers: FormServers;
let env: FormServers['env'] = {};
let first: FormServers['servers'][number];
let second: FormServers['servers'][number];

test.beforeAll(async () => {
  servers = await startFormServers(2);
  env = servers.env;
  [first, second] = servers.servers as [typeof first, typeof second];
});

test.afterAll(() => servers.stop());

const addStaff = (email: string, role: 'admin' | 'reviewer') =>
  servers.addStaff(email, role);
const signIn = (page: Page, email: string, next: string) =>
  servers.signIn(page, email, next);

test.setTimeout(120_000);
// One after the other: each test publishes to the same servers.
test.describe.configure({ mode: 'serial' });
// axe is injected into the pages it checks.
test.use({ bypassCSP: true });

test('an admin rewords the Welcome, uploads a cover, adds a required yes/no with a follow-up, reorders by keyboard, previews and publishes; a new applicant on another process sees it', async ({
  page,
  browser,
}) => {
  addStaff('ada@example.org', 'admin');
  // An application answered under the first version, which asks "Anything else we should know?".
  const older = validApplication({
    firstName: 'Olga',
    emailAddress: 'olga@example.com',
  });
  older.fields.push({ key: 'single.anythingElse', value: 'Vegetarian' });
  const stored = await putApplication(first.url, older, {
    key: randomUUID(),
  });
  expect(stored.status, await stored.clone().text()).toBe(201);
  await signIn(page, 'ada@example.org', '/review/form');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Form' }),
  ).toBeVisible();
  const preview = page.frameLocator('iframe[title="Preview of the form"]');
  expect(await seriousViolations(page)).toEqual([]);

  // The Welcome heading, reworded, in the preview as it is typed.
  await page.getByRole('button', { name: '1. Welcome' }).click();
  await page.getByLabel('Heading', { exact: true }).fill('Spring press trip');
  await expect(
    preview.getByRole('heading', { name: 'Spring press trip' }),
  ).toBeVisible();

  // A cover, uploaded; it needs its description before Publish is allowed.
  await page.getByRole('button', { name: 'Images', exact: true }).click();
  const photo = await sharp({
    create: { width: 900, height: 1200, channels: 3, background: '#2a6' },
  })
    .png()
    .toBuffer();
  await page.getByLabel('Upload cover 1').setInputFiles({
    name: 'spring.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  // Six encodes of the image (AVIF and WebP, three widths) on a busy machine.
  await expect(page.getByText('Cover 1 uploaded.')).toBeVisible({
    timeout: 30_000,
  });
  const description = page.getByLabel('Cover 1 description (alternative text)');
  await description.fill('');
  await expect(
    page.getByRole('button', { name: 'Publish', exact: true }),
  ).toBeDisabled();
  await expect(
    page.getByText('Describe the image for people who cannot see it.'),
  ).toBeVisible();
  await description.fill('A green spring meadow');
  await expect(
    page.getByRole('button', { name: 'Publish', exact: true }),
  ).toBeEnabled();

  await page.getByRole('button', { name: '3. More Details' }).click();
  // A question reworded: the older application keeps the words it was answered under.
  await page
    .getByRole('button', {
      name: 'Text question: Anything else we should know?',
    })
    .click();
  await page
    .getByLabel('Question', { exact: true })
    .last()
    .fill('Anything else to tell us?');
  // A required yes/no with a follow-up, added to More Details.
  await page.getByLabel('New block').selectOption('yesNo');
  await page.getByRole('button', { name: 'Add block' }).click();
  await page
    .getByRole('button', { name: 'Yes/no question: New yes/no question' })
    .click();
  await page
    .getByLabel('Question', { exact: true })
    .last()
    .fill('Can you travel in April?');
  await page.getByLabel('Ask a follow-up after Yes').check();
  await page.getByLabel('Follow-up question').fill('Which dates suit you?');
  await page.getByLabel('Required').last().check();

  // Two fields swapped from the keyboard: Space on a row picks it up, an arrow moves it, Space drops it.
  const handle = page.getByRole('button', {
    name: 'Text question: What content angle or interest would you bring?',
  });
  // Each key waits for dnd-kit's spoken answer to the one before.
  const heard = (text: string) =>
    expect(
      page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }),
    ).toHaveCount(1);
  await handle.focus();
  await page.keyboard.press('Space');
  await heard(
    'block What content angle or interest would you bring? moved to position 1 of',
  );
  await page.keyboard.press('ArrowDown');
  await heard('moved to position 2 of');
  await page.keyboard.press('Space');
  await heard('dropped at position 2 of');
  // Focus follows the row to its new place.
  await expect(handle).toBeFocused();
  const blocks = page
    .getByRole('region', { name: 'Steps' })
    .locator('.form-editor__list--block .form-editor__row-title');
  await expect(blocks.nth(0)).toHaveText(
    'What deliverables do you intend to create?',
  );
  await expect(blocks.nth(1)).toHaveText(
    'What content angle or interest would you bring?',
  );

  // The preview opens More Details, with the new question in place.
  await page
    .getByLabel('Preview step')
    .selectOption({ label: '3. More Details' });
  await expect(
    preview.getByRole('radiogroup', { name: /Can you travel in April\?/ }),
  ).toBeVisible();

  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Published version 2' }),
  ).toBeVisible();

  // A new applicant, in a fresh browser, on the other process, answers the new questions and applies.
  const applicant = await browser.newContext();
  const applicantPage = await applicant.newPage();
  await expect(async () => {
    await applicantPage.goto(second.url);
    await expect(
      applicantPage.getByRole('heading', { name: 'Spring press trip' }),
    ).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await continueButton(applicantPage).click();
  await passGeneralInformation(applicantPage, 'nell@example.com');
  await fillMoreDetails(applicantPage);
  await textbox(applicantPage, 'Anything else to tell us?').fill('Early riser');
  await continueButton(applicantPage).click();
  // The new question is required: refused until it is answered, then its follow-up is asked.
  await expect(applicantPage.getByText('Choose Yes or No')).toBeVisible();
  await answerYesNo(applicantPage, 'Can you travel in April?', 'Yes');
  await textbox(applicantPage, 'Which dates suit you?').fill('The second week');
  await continueButton(applicantPage).click();
  await expect(thankYou(applicantPage)).toBeVisible();
  await applicant.close();

  // Each application reads with the questions it was answered under.
  await page.goto(`${first.url}/review`);
  const panel = page.getByRole('complementary');
  await page.getByRole('link', { name: 'Olga Lovelace', exact: true }).click();
  await expect(panel).toContainText('Anything else we should know?');
  await expect(panel).toContainText('Vegetarian');
  await expect(panel).not.toContainText('Can you travel in April?');
  await page.getByRole('link', { name: 'Ada Lovelace', exact: true }).click();
  await expect(panel).toContainText('Anything else to tell us?');
  await expect(panel).toContainText('Early riser');
  await expect(panel).toContainText('Can you travel in April?');
  await expect(panel).toContainText('The second week');
});

test('a reviewer is refused the editor', async ({ page }) => {
  addStaff('rita@example.org', 'reviewer');
  await signIn(page, 'rita@example.org', '/review/form');
  await expect(page.getByRole('alert')).toHaveText(
    'Only an admin may do this.',
  );
  await expect(
    page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('link', { name: 'Form' }),
  ).toHaveCount(0);
});

test('a second admin publishing from the same version hears what the first changed, and a restore brings an old version back', async ({
  page,
  browser,
}) => {
  addStaff('bob@example.org', 'admin');
  addStaff('cleo@example.org', 'admin');
  await signIn(page, 'bob@example.org', '/review/form');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(
    `${first.url}/review/sign-in?next=${encodeURIComponent('/review/form')}`,
  );
  await otherPage.getByLabel('Email').fill('cleo@example.org');
  await otherPage.getByLabel('Password').fill(password);
  await otherPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    otherPage.getByRole('heading', { level: 1, name: 'Form' }),
  ).toBeVisible();

  // Both opened the same version; Bob publishes first.
  await page.getByRole('button', { name: 'General', exact: true }).click();
  await page.getByLabel('Title').fill('Bob’s title');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const published = page
    .getByRole('status')
    .filter({ hasText: /Published version \d+/ });
  await expect(published).toBeVisible();
  const bobsVersion = Number(
    /Published version (\d+)/.exec((await published.textContent()) ?? '')?.[1],
  );

  await otherPage.getByRole('button', { name: 'General', exact: true }).click();
  await otherPage.getByLabel('Language (like en or de)').fill('de');
  await otherPage.getByRole('button', { name: 'Publish', exact: true }).click();
  const refusal = otherPage
    .getByRole('alert')
    .filter({ hasText: 'Not published' });
  await expect(refusal).toContainText(
    `Version ${bobsVersion} was published after the version`,
  );
  await expect(refusal).toContainText('Changed the title');
  // Nothing was overwritten: new visitors get Bob's.
  expect(await (await fetch(first.url)).text()).toContain(
    '<title>Bob’s title</title>',
  );
  await other.close();

  // Version 1 seen in the preview, then restored as a new version.
  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  await page
    .getByRole('button', { name: 'Show version 1 in the preview' })
    .click();
  await expect(
    page.getByText('Showing version 1, not your draft.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back to the draft' }).click();
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await page
    .getByRole('dialog', { name: 'Restore version 1?' })
    .getByRole('button', {
      name: `Publish version 1 as version ${bobsVersion + 1}`,
    })
    .click();
  await expect(
    page.getByText(
      `Version 1 is published again as version ${bobsVersion + 1}.`,
    ),
  ).toBeVisible();
  await expect(page.getByText(/Restored version 1: /).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an e-mail template shows filled in with a sample application, and a placeholder it does not offer is a problem at its field', async ({
  page,
}) => {
  addStaff('dora@example.org', 'admin');
  await signIn(page, 'dora@example.org', '/review/form');
  await page.getByRole('button', { name: 'E-mails', exact: true }).click();
  const receipt = page.getByRole('group', {
    name: 'To the applicant: we have your application',
  });
  const subject = receipt.getByLabel('Subject');
  await subject.fill('Thank you, {firstName}');
  await expect(
    page.getByRole('group', {
      name: 'Sample: To the applicant: we have your application',
    }),
  ).toContainText('Thank you, Ada');
  await subject.fill('Thank you, {nickname}');
  await expect(
    receipt.getByText(/may use only these placeholders/),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Publish', exact: true }),
  ).toBeDisabled();
  await subject.fill('Thank you, {firstName}');
  await expect(
    page.getByRole('button', { name: 'Publish', exact: true }),
  ).toBeEnabled();
});

test('an admin moves a question to another step from the keyboard and back by choice, edits the footer links, uploads a logo, and is asked before leaving with an unsaved change', async ({
  page,
}) => {
  addStaff('eve@example.org', 'admin');
  await signIn(page, 'eve@example.org', '/review/form');
  const preview = page.frameLocator('iframe[title="Preview of the form"]');
  const heard = (text: string) =>
    expect(
      page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }),
    ).toHaveCount(1);

  // From the third block of More Details, up past the first two, onto the steps above, dropped on General Information.
  await page.getByRole('button', { name: '3. More Details' }).click();
  const question = 'What support are you looking for from us?';
  const outline = page.getByRole('region', { name: 'Steps' });
  const block = outline.getByRole('button', {
    name: `Text question: ${question}`,
  });
  const openBlocks = outline.locator(
    '.form-editor__list--block .form-editor__row-title',
  );
  await block.focus();
  await page.keyboard.press('Space');
  await heard(`block ${question} moved to position 3 of`);
  for (const spoken of [
    'moved to position 2 of',
    'moved to position 1 of',
    'is over step More Details',
    'is over step General Information',
  ]) {
    await page.keyboard.press('ArrowUp');
    await heard(spoken);
  }
  await page.keyboard.press('Space');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Moved “${question}” to the end of step 2` }),
  ).toBeVisible();
  // Focus went with the row: General Information is open, the question its last block.
  await expect(block).toBeFocused();
  await expect(openBlocks.last()).toHaveText(question);
  await page.getByRole('button', { name: '3. More Details' }).click();
  await expect(openBlocks.filter({ hasText: question })).toHaveCount(0);
  await page.getByRole('button', { name: '2. General Information' }).click();
  await expect(block).toBeVisible();
  await page
    .getByLabel('Preview step')
    .selectOption({ label: '2. General Information' });
  await expect(preview.getByRole('textbox', { name: question })).toBeVisible();

  // Back again by the block's own choice of step.
  await block.click();
  expect(await seriousViolations(page)).toEqual([]);
  await page
    .getByLabel('Move to step')
    .selectOption({ label: '3. More Details' });
  await expect(
    page.getByRole('status').filter({
      hasText: `Moved “${question}” to the end of step 3, More Details.`,
    }),
  ).toBeFocused();
  // Still the open block, now at the end of More Details, which the preview opens.
  await expect(openBlocks.last()).toHaveText(question);
  await expect(page.getByLabel('Preview step')).toHaveValue('2');
  await page.getByRole('button', { name: '2. General Information' }).click();
  await expect(block).toHaveCount(0);

  // A third footer link: an address that is no web address is refused at its field.
  await page.getByRole('button', { name: 'General', exact: true }).click();
  await page.getByRole('button', { name: 'Add a link' }).click();
  await page.getByLabel('Link 3 text').fill('Press kit');
  const address = page.getByLabel('Link 3 address');
  await address.fill('javascript:alert(1)');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByRole('button', { name: 'Publish', exact: true }),
  ).toBeDisabled();
  await address.fill('https://visitaldmere.example/press');
  await expect(
    page.getByRole('button', { name: 'Publish', exact: true }),
  ).toBeEnabled();
  await expect(
    preview.getByRole('link', { name: /Press kit/ }),
  ).toHaveAttribute('href', 'https://visitaldmere.example/press');
  await page.getByRole('button', { name: 'Move up link 3, Press kit' }).click();
  await expect(preview.locator('.wizard__footer-links li').nth(1)).toHaveText(
    /^Press kit/,
  );

  // A logo with transparency, shown in the preview at once; its description is kept.
  await page.getByRole('button', { name: 'Images', exact: true }).click();
  const logo = await sharp({
    create: {
      width: 600,
      height: 200,
      channels: 4,
      background: { r: 11, g: 93, b: 102, alpha: 0.5 },
    },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Upload a logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByText('Logo uploaded.')).toBeVisible({
    timeout: 30_000,
  });
  const shownLogo = preview.getByRole('img', { name: 'Visit Aldmere Coast' });
  await expect(shownLogo).toHaveAttribute(
    'src',
    /^\/images\/uploads\/[0-9a-f]{20}-logo\.webp$/,
  );
  await expect
    .poll(() =>
      shownLogo.evaluate((image: HTMLImageElement) => image.naturalHeight),
    )
    .toBe(144);
  expect(await seriousViolations(page)).toEqual([]);

  // A change still on its way to the server: a workspace link asks first, and staying keeps it.
  await expect(page.getByText('Draft saved')).toBeVisible();
  let releaseSave = () => {};
  const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
  await page.route('**/api/review/calls/*/form/draft', async (route) => {
    await saveHeld;
    await route.continue();
  });
  const logoDescription = page.getByLabel(
    'Logo description (the organisation’s name)',
  );
  await logoDescription.fill('Aldmere');
  await expect(page.getByText('Draft saved')).toBeHidden();
  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  const applicationsLink = page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Applications' });
  await applicationsLink.click();
  await expect
    .poll(() => questions)
    .toEqual([
      'Your last change is not saved yet. Leave the form editor anyway?',
    ]);
  // Still in the editor (whose address names what it has open).
  expect(new URL(page.url()).pathname).toBe('/review/form');
  await expect(logoDescription).toHaveValue('Aldmere');

  // Once saved, the link leaves without a question.
  releaseSave();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await applicationsLink.click();
  await expect(page).toHaveURL(`${first.url}/review/`);
  expect(questions).toHaveLength(1);

  // Leaving at once after an edit, and saying so: the edit goes to the server on the way out.
  await page.unroute('**/api/review/calls/*/form/draft');
  const formLink = page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Form' });
  await formLink.click();
  await page.getByRole('button', { name: 'General', exact: true }).click();
  await page.getByLabel('Title').fill('Left in a hurry');
  page.removeAllListeners('dialog');
  page.once('dialog', (dialog) => void dialog.accept());
  await applicationsLink.click();
  await expect(page).toHaveURL(`${first.url}/review/`);
  await formLink.click();
  await page.getByRole('button', { name: 'General', exact: true }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Left in a hurry');
});

test('the editor is usable with the keyboard alone: a title changed, a question added and the form published', async ({
  page,
}) => {
  addStaff('kim@example.org', 'admin');
  await signIn(page, 'kim@example.org', '/review/form');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Form' }),
  ).toBeVisible();
  /** Presses `key` (Tab, Shift+Tab, an arrow) until `target` has focus; fails if 80 presses never reach it. */
  const tabTo = async (target: Locator, key = 'Tab') => {
    for (let presses = 0; presses < 80; presses += 1) {
      if (
        await target.evaluate((element) => element === document.activeElement)
      )
        return;
      await page.keyboard.press(key);
    }
    throw new Error(`${key} never reached ${target.toString()}`);
  };

  // Another admin's draft, and a version published from the command line since it was started:
  // the editor says so at once, and starting again is a keypress away.
  await page.getByRole('button', { name: 'General', exact: true }).click();
  await page.getByLabel('Language (like en or de)').fill('en-GB');
  await expect(page.getByText('Draft saved')).toBeVisible();
  const exported = join(
    mkdtempSync(join(tmpdir(), 'form-export-')),
    'form.json',
  );
  // Changed: the published form again would be nothing to publish.
  const published = JSON.parse(
    execFileSync(process.execPath, ['dist/server/form.js', 'export'], {
      env: { ...process.env, ...env },
    }).toString(),
  ) as { title: string };
  writeFileSync(
    exported,
    JSON.stringify({ ...published, title: 'From the command line' }),
  );
  execFileSync(process.execPath, ['dist/server/form.js', 'publish', exported], {
    env: { ...process.env, ...env },
  });
  await page.reload();
  const behind = page.getByRole('note').filter({
    hasText: 'has been published since, so publishing it would be refused',
  });
  await expect(behind).toContainText('last saved by kim@example.org');
  await tabTo(
    behind.getByRole('button', {
      name: 'Start again from the published version',
    }),
  );
  await page.keyboard.press('Enter');
  await expect(behind).toHaveCount(0);

  await tabTo(page.getByRole('button', { name: 'General', exact: true }));
  await page.keyboard.press('Enter');
  const title = page.getByLabel('Title');
  await tabTo(title);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Spring creators');

  // The outline's rows are one Tab stop, the arrows move among them.
  await tabTo(page.getByRole('button', { name: '1. Welcome' }), 'Shift+Tab');
  await tabTo(
    page.getByRole('button', { name: '2. General Information' }),
    'ArrowDown',
  );
  await page.keyboard.press('Enter');
  await tabTo(page.getByLabel('New block'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('New block')).toHaveValue('select');
  await tabTo(page.getByRole('button', { name: 'Add block' }));
  await page.keyboard.press('Enter');
  const added = page.getByRole('button', {
    name: 'Choice question: New choice',
  });
  await expect(added).toBeVisible();

  await expect(page.getByText('Draft saved')).toBeVisible();
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await tabTo(publish, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: /Published version \d+/ }),
  ).toBeVisible();
  await expect
    .poll(async () => (await fetch(second.url)).text())
    .toContain('<title>Spring creators</title>');
});

test('the preview follows each edit and undo, and keeps the last form without problems while one has some', async ({
  page,
}) => {
  addStaff('ida@example.org', 'admin');
  // The page's clock, held while a word is typed: edits to one field within a second are one undo
  // step, and a busy machine must not make that a matter of luck.
  await page.clock.install();
  await signIn(page, 'ida@example.org', '/review/form');
  const preview = page.frameLocator('iframe[title="Preview of the form"]');
  const previewHeading = (name: string) =>
    preview.getByRole('heading', { level: 1, name, exact: true });
  const publish = page.getByRole('button', { name: 'Publish' });
  await page.getByRole('button', { name: '1. Welcome' }).click();
  const name = page.getByLabel('Step name');
  const heading = page.getByLabel('Heading', { exact: true });

  await heading.fill('Apply for spring');
  await expect(previewHeading('Apply for spring')).toBeVisible();
  // Two seconds on, the clock held: the word typed is one step, after the text filled before it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
  await heading.press('End');
  await heading.pressSequentially(' now');
  await page.clock.resume();
  await expect(previewHeading('Apply for spring now')).toBeVisible();

  // A step without a name is a problem at its field; the preview keeps the last form without one.
  await name.fill('');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(publish).toBeDisabled();
  await heading.fill('Apply for summer');
  await expect(
    page.getByRole('button', { name: '1 problem to fix' }),
  ).toBeVisible();
  await expect(previewHeading('Apply for spring now')).toBeVisible();

  // Undone: the heading, then the name; the preview follows once the problem is gone.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(heading).toHaveValue('Apply for spring now');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(name).toHaveValue('Welcome');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(publish).toBeEnabled();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(heading).toHaveValue('Apply for spring');
  await expect(previewHeading('Apply for spring')).toBeVisible();

  // Redone, the same way forward.
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(previewHeading('Apply for spring now')).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(publish).toBeDisabled();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(publish).toBeEnabled();
  await expect(page.getByText('Draft saved')).toBeVisible();
});
