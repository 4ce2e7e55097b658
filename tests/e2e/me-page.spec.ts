import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { applicantPageTexts as texts } from '../../src/engine/applicant-page-texts.ts';
import type { InboxItem } from '../../src/review-api/inbox.ts';
import { seriousViolations } from '../support/axe.ts';
import { startSmtpServer } from '../support/mail.ts';
import { messagePorts, serverUrl } from '../support/servers.ts';
import {
  completeApplication,
  continueButton,
  heading,
  passGeneralInformation,
  passMoreDetails,
  thankYou,
  uniqueEmail,
} from '../support/wizard.ts';
import { addStaff, signIn } from '../support/workspace.ts';

// The applicant's page at /me, on a server of its own that e-mails through a real SMTP server in
// this process. axe runs on the page (see tests/support/axe.ts).
test.use({ bypassCSP: true, viewport: { width: 375, height: 812 } });

const url = (path: string) => serverUrl('applicant', path);
/** The server's default call, named after its form. */
const defaultCall = 'Applicant page · Test configuration';
const origin = url('');

/** The workspace's API as the signed-in staff page calls it. */
async function staffApi<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(url(path), {
    method,
    headers: { origin },
    ...(data !== undefined && { data }),
  });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return (await response.json()) as T;
}

const cardOf = (page: Page, title: string) =>
  page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: title, exact: true }),
  });

const emailField = (page: Page) =>
  page.getByRole('textbox', { name: texts.emailLabel });

/** Asks for a link on /me and returns the one e-mailed, after every message already received. */
async function askForLink(
  page: Page,
  smtp: Awaited<ReturnType<typeof startSmtpServer>>,
  email: string,
): Promise<string> {
  const before = smtp.messages.length;
  await page.goto(url('/me'));
  await emailField(page).fill(email);
  await page.getByRole('button', { name: texts.sendLink }).click();
  await expect(page.getByRole('status')).toHaveText(texts.linkSent);
  const linkIn = () =>
    smtp.messages
      .slice(before)
      .filter((message) => message.envelopeTo.includes(email))
      .map(
        (message) => /http:\S+\/me\?token=[\w-]+/.exec(message.text ?? '')?.[0],
      )
      .find(Boolean);
  await expect.poll(linkIn).toBeTruthy();
  return linkIn() ?? '';
}

test('an applicant applies, gets a link by e-mail, sees “Received”; staff accepting without telling still shows “In review”, the decision e-mail shows “Accepted”; a second application is withdrawn in place', async ({
  page,
  browser,
}) => {
  // Two applications through the wizard, a staff sign-in and several e-mails: a minute beside the
  // other worker on two busy cores.
  test.setTimeout(150_000);
  const smtp = await startSmtpServer(messagePorts.applicantSmtp);
  const staffContext = await browser.newContext();
  const scannerContext = await browser.newContext();
  try {
    const email = uniqueEmail('me-page');
    await completeApplication(page, { server: 'applicant', email });

    await page.goto(url('/me'));
    await expect(emailField(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const link = await askForLink(page, smtp, email);
    expect(link.startsWith(url('/me?token='))).toBe(true);

    // A mail scanner that opens the link does not spend it: only the button does.
    const scanner = await scannerContext.newPage();
    await scanner.goto(link);
    await expect(
      scanner.getByRole('button', { name: texts.open }),
    ).toBeVisible();

    await page.goto(link);
    await page.getByRole('button', { name: texts.open }).click();
    const card = cardOf(page, defaultCall);
    // In the page's language (the form's, English): "Received November 27, 2026".
    await expect(card).toContainText(/Received \w+ \d{1,2}, \d{4}/);
    await expect(card.locator('.me-status')).toHaveText('Received');
    await expect(page).toHaveURL(url('/me'));
    expect(await seriousViolations(page)).toEqual([]);

    // Staff accept without telling: the applicant still reads "In review".
    const staff = await staffContext.newPage();
    await signIn(staff, addStaff('admin', 'applicant'), '/review', 'applicant');
    const { items } = await staffApi<{ items: InboxItem[] }>(
      staff,
      'GET',
      `/api/review/applications?search=${encodeURIComponent(email)}`,
    );
    const id = items[0]?.id ?? '';
    await staffApi(staff, 'POST', `/api/review/applications/${id}/stage`, {
      stage: 'accepted',
    });
    await page.reload();
    await expect(card.locator('.me-status')).toHaveText('In review');

    // The decision e-mail, once delivered, tells it.
    const mails = smtp.messages.length;
    await staffApi(staff, 'POST', `/api/review/applications/${id}/messages`, {
      stage: 'accepted',
      subject: 'Welcome aboard',
      body: 'We would love to host you in May.',
    });
    await expect
      .poll(() =>
        smtp.messages
          .slice(mails)
          .some((message) => message.subject === 'Welcome aboard'),
      )
      .toBe(true);
    await expect
      .poll(async () => {
        await page.reload();
        return card.locator('.me-status').textContent();
      })
      .toBe('Accepted');

    // A second call, applied to with the same address.
    const slug = `autumn-${randomUUID().slice(0, 8)}`;
    await staffApi(staff, 'POST', '/api/review/calls', {
      slug,
      title: 'Autumn harvest trip',
      summary: 'Two creators, one week in October.',
      places: 2,
      closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    const second = await browser.newPage();
    await second.goto(url(`/apply/${slug}`));
    await expect(heading(second, 'Welcome!')).toBeVisible();
    await continueButton(second).click();
    await passGeneralInformation(second, email);
    await passMoreDetails(second);
    await expect(thankYou(second)).toBeVisible();
    await second.close();

    await page.reload();
    const autumn = cardOf(page, 'Autumn harvest trip');
    await expect(autumn.locator('.me-status')).toHaveText('Received');
    await autumn.getByRole('button', { name: texts.withdraw }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Withdraw your application to Autumn harvest trip?',
    });
    await expect(dialog).toContainText(texts.withdrawText);
    expect(await seriousViolations(page)).toEqual([]);
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: texts.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(autumn.locator('.me-status')).toHaveText('Received');
    await autumn.getByRole('button', { name: texts.withdraw }).click();
    await dialog.getByRole('button', { name: texts.withdrawConfirm }).click();
    await expect(autumn.locator('.me-status')).toHaveText('Withdrawn');
    await expect(autumn.getByRole('status')).toHaveText(texts.withdrawn);
    await expect(autumn.getByRole('status')).toBeFocused();
    await expect(
      autumn.getByRole('button', { name: texts.withdraw }),
    ).toHaveCount(0);
    // The first application is untouched.
    await expect(card.locator('.me-status')).toHaveText('Accepted');

    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await staffContext.close();
    await scannerContext.close();
    await smtp.close();
  }
});

test('an applicant downloads their data, erases an application after being asked, signs out; a used link says so and offers the form again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const smtp = await startSmtpServer(messagePorts.applicantSmtp);
  try {
    const email = uniqueEmail('me-erase');
    await completeApplication(page, { server: 'applicant', email });
    const link = await askForLink(page, smtp, email);
    await page.goto(link);
    await page.getByRole('button', { name: texts.open }).click();
    const title = defaultCall;
    await expect(cardOf(page, title)).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.download }).click();
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toContain(email);

    await cardOf(page, title)
      .getByRole('button', { name: texts.erase })
      .click();
    const dialog = page.getByRole('dialog', {
      name: `Erase your application to ${title}?`,
    });
    await expect(dialog).toContainText('Download your data first');
    await dialog.getByRole('button', { name: texts.eraseConfirm }).click();
    const again = page.getByRole('dialog', {
      name: `Really erase your application to ${title}?`,
    });
    await expect(again).toContainText(texts.eraseAgainText);
    await again.getByRole('button', { name: texts.eraseAgainConfirm }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Your application to ${title} was erased.`,
    );
    await expect(cardOf(page, title)).toHaveCount(0);
    await expect(page.getByText(texts.none)).toBeVisible();
    await expect(
      page.getByRole('link', { name: texts.seeOpenCalls }),
    ).toHaveAttribute('href', '/calls');
    await page.reload();
    await expect(page.getByText(texts.none)).toBeVisible();

    await page.getByRole('button', { name: texts.signOut }).click();
    await expect(page.getByRole('status')).toHaveText(texts.signedOut);
    await expect(emailField(page)).toBeVisible();

    // The link was spent: pressing its button again says so and offers the form.
    await page.goto(link);
    await page.getByRole('button', { name: texts.open }).click();
    await expect(page.getByRole('status')).toHaveText(texts.linkUsed);
    await expect(emailField(page)).toBeVisible();
    await expect(page).toHaveURL(url('/me'));
  } finally {
    await smtp.close();
  }
});

test('asking for a link offline says what to do and keeps the typed address; back online, the same sentence whether or not the address applied', async ({
  page,
  context,
}) => {
  await page.goto(url('/me'));
  const email = uniqueEmail('never-applied');
  await emailField(page).fill(email);
  await context.setOffline(true);
  await page.getByRole('button', { name: texts.sendLink }).click();
  await expect(page.getByRole('alert')).toHaveText(texts.networkError);
  await expect(emailField(page)).toHaveValue(email);
  await context.setOffline(false);

  await page.getByRole('button', { name: texts.sendLink }).click();
  await expect(page.getByRole('status')).toHaveText(texts.linkSent);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await emailField(page).fill('not an address');
  await page.getByRole('button', { name: texts.sendLink }).click();
  await expect(page.getByText(texts.emailInvalid)).toBeVisible();
  await expect(emailField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField(page)).toHaveValue('not an address');
  await expect(emailField(page)).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});
