import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { startSmtpServer } from '../support/mail.ts';
import { messagePorts } from '../support/servers.ts';
import {
  backButton,
  continueButton,
  fillMoreDetails,
  heading,
  startApplication,
  passGeneralInformation,
  textbox,
  thankYou,
  uniqueEmail,
} from '../support/wizard.ts';

// axe runs on the open dialog (see tests/support/axe.ts).
test.use({ bypassCSP: true });

test('answers saved in one browser come back, on their step, from the e-mailed link in another; once the application is sent, the link says the answers are gone', async ({
  page,
  browser,
}) => {
  // Two browsers, an e-mail and a whole application; the mail port may first be held by another
  // spec reading its own e-mails.
  test.setTimeout(180_000);
  const smtp = await startSmtpServer(messagePorts.smtp);
  const other = await browser.newContext();
  try {
    const email = uniqueEmail('resumed');
    const dialogCode: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/save-later-dialog-'))
        dialogCode.push(request.url());
    });
    await startApplication(page);
    await passGeneralInformation(page, email);
    await textbox(page, 'What content angle or interest would you bring?').fill(
      'Food and slow travel',
    );
    await textbox(page, 'Preferred travel dates').fill('May 2027');

    // The dialog's code loads when the applicant first asks for it, not with the form.
    expect(dialogCode).toEqual([]);
    await page.getByRole('button', { name: 'Save and continue later' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Save and continue later',
    });
    await expect(dialog.getByLabel('Email Address')).toHaveValue(email);
    await dialog.getByRole('button', { name: 'Send me the link' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      `We’ve sent a link to ${email}. It works for 30 days, on any device.`,
    );
    expect(dialogCode).toHaveLength(1);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('button', { name: 'Save and continue later' }),
    ).toBeFocused();

    await expect
      .poll(() =>
        smtp.messages.filter((mail) => mail.envelopeTo.includes(email)),
      )
      .toHaveLength(1);
    const mail = smtp.messages.find((message) =>
      message.envelopeTo.includes(email),
    );
    expect(mail?.subject).toBe(
      'Your application to Visit Aldmere Coast, saved for later',
    );
    const link = /https?:\/\/\S+\?resume=[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toContain('/apply/aldmere-creators?resume=');

    const resumed = await other.newPage();
    await resumed.goto(link ?? '');
    await expect(heading(resumed, 'More Details')).toBeVisible();
    await expect(
      textbox(resumed, 'What content angle or interest would you bring?'),
    ).toHaveValue('Food and slow travel');
    await expect(textbox(resumed, 'Preferred travel dates')).toHaveValue(
      'May 2027',
    );
    // The token leaves the address: neither the history nor a bookmark keeps it.
    expect(resumed.url()).not.toContain('resume=');
    await backButton(resumed).click();
    await expect(heading(resumed, 'General Information')).toBeVisible();
    await expect(textbox(resumed, 'First Name')).toHaveValue('Ada');
    await expect(textbox(resumed, 'Email Address')).toHaveValue(email);
    await expect(textbox(resumed, 'Phone number')).toHaveValue('7700900123');
    await expect(
      resumed
        .getByRole('group', { name: 'Instagram', exact: true })
        .getByRole('textbox', { name: 'Username' }),
    ).toHaveValue('ada.travels');

    await continueButton(resumed).click();
    await fillMoreDetails(resumed);
    await continueButton(resumed).click();
    await expect(thankYou(resumed)).toBeVisible();

    const again = await other.newPage();
    await again.goto(link ?? '');
    await expect(again.getByRole('alert')).toHaveText(
      'This link to saved answers no longer works: it has expired, a newer one replaced it, or the application was sent. You can start here.',
    );
    await expect(heading(again, 'Welcome!')).toBeVisible();
  } finally {
    await other.close();
    await smtp.close();
  }
});
