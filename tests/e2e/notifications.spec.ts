import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { seriousViolations } from '../support/axe.ts';
import { startSmtpServer, startWebhookReceiver } from '../support/mail.ts';
import {
  e2eWebhookSecret,
  messagePorts,
  serverUrl,
} from '../support/servers.ts';
import { completeApplication, uniqueEmail } from '../support/wizard.ts';
import { addStaff, signIn, submitTagged } from '../support/workspace.ts';

// axe runs on the workspace (see tests/support/axe.ts).
test.use({ bypassCSP: true });

test('an application sent in Chromium e-mails the staff and the applicant and posts a signed webhook; a decision is e-mailed only when staff send it', async ({
  page,
}) => {
  // A whole application, its e-mails, a sign-in and a decision: 15 s alone, more beside the
  // other worker on two busy cores.
  test.setTimeout(90_000);
  const smtp = await startSmtpServer(messagePorts.smtp);
  const hooks = await startWebhookReceiver([], messagePorts.webhook);
  try {
    const staffEmail = addStaff('reviewer');
    const applicantEmail = uniqueEmail('notified');
    await completeApplication(page, { email: applicantEmail });

    const to = (address: string) =>
      smtp.messages.filter((message) => message.envelopeTo.includes(address));
    await expect.poll(() => to(applicantEmail).length).toBe(1);
    const [receipt] = to(applicantEmail);
    expect(receipt?.subject).toBe('We have your application, Ada');
    expect(receipt?.html).toContain('What happens next');
    await expect
      .poll(
        () =>
          to(staffEmail).filter((message) =>
            message.text?.includes('Ada Lovelace'),
          ).length,
      )
      .toBe(1);
    const staffMail = to(staffEmail)[0];
    const id = /open=([0-9a-f-]{36})/.exec(staffMail?.text ?? '')?.[1] ?? '';
    expect(staffMail?.text).toContain(
      serverUrl('example', `/review?open=${id}`),
    );

    await expect
      .poll(
        () => hooks.received.filter((entry) => entry.body.includes(id)).length,
      )
      .toBe(1);
    const delivery = hooks.received.find((entry) => entry.body.includes(id));
    expect(
      new Webhook(e2eWebhookSecret).verify(
        delivery?.body ?? '',
        delivery?.headers as Record<string, string>,
      ),
    ).toMatchObject({ type: 'application.received', data: { id } });

    await signIn(page, staffEmail, `/review?open=${id}`);
    const panel = page.getByRole('complementary');
    await panel.getByRole('button', { name: /^Decline/ }).click();
    const offer = panel.getByRole('form', { name: /Tell the applicant/ });
    await expect(offer.getByLabel('Subject')).toHaveValue(
      'Your application to Visit Aldmere Coast',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await offer.getByRole('button', { name: 'Don’t send' }).click();
    await expect(offer).toHaveCount(0);

    await panel.getByRole('button', { name: /^Accept/ }).click();
    await expect(offer.getByLabel('Subject')).toHaveValue(
      'Welcome aboard, Ada',
    );
    await offer
      .getByLabel('Message')
      .fill('Hello Ada,\n\nwe would love to host you in May.');
    await offer.getByRole('button', { name: 'Send e-mail' }).click();
    await expect(offer).toHaveCount(0);
    await expect.poll(() => to(applicantEmail).length).toBe(2);
    const decisions = to(applicantEmail).slice(1);
    expect(decisions.map((message) => message.subject)).toEqual([
      'Welcome aboard, Ada',
    ]);
    expect(decisions[0]?.text).toContain('we would love to host you in May.');
    await expect(panel.getByRole('region', { name: 'E-mails' })).toContainText(
      'Acceptance to',
    );
  } finally {
    await smtp.close();
    await hooks.close();
  }
});

test('a decision on several applications offers one e-mail for all: a preview filled in for the first, the count, the text editable, sent only on confirm; Cancel sends nothing', async ({
  page,
}) => {
  const smtp = await startSmtpServer(messagePorts.smtp);
  try {
    const staffEmail = addStaff('reviewer');
    await signIn(page, staffEmail);
    const tag = `call-${randomUUID().slice(0, 8)}`;
    const names = ['Ada', 'Grace', 'Mary'];
    await submitTagged(page, tag, 3, (index) => names[index] ?? '');
    const decisionsPosted: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/review/applications/decisions'))
        decisionsPosted.push(request.postData() ?? '');
    });

    await page.goto(serverUrl('example', `/review?tag=${tag}`));
    await page.getByLabel('Select every application listed').check();
    const bulk = page.getByRole('group', { name: 'Selected applications' });
    await bulk.getByRole('button', { name: 'Move to Declined' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Decline 3 applications',
    });
    // The newest is listed, and so selected, first.
    const preview = dialog.getByRole('region', {
      name: 'Preview: the e-mail to Mary Lovelace',
    });
    await expect(preview).toContainText(`To: ${tag}-2@example.com`);
    await expect(preview).toContainText(
      'Your application to Visit Aldmere Coast',
    );
    await expect(preview).toContainText('Hello Mary,');
    await expect(dialog.getByLabel('Message')).toHaveValue(
      /^Hello \{firstName\},/,
    );
    await expect(
      dialog.getByRole('button', { name: 'Send to 3 applicants' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    for (const name of names)
      await expect(
        page.getByRole('row', { name: new RegExp(`${name} Lovelace`) }),
      ).toContainText('New');
    expect(decisionsPosted).toEqual([]);

    await bulk.getByRole('button', { name: 'Move to Declined' }).click();
    await dialog.getByLabel('Subject').fill('About your trip, {firstName}');
    await dialog
      .getByLabel('Message')
      .fill('Hello {firstname},\n\nnot this season. Edited by hand.');
    await dialog.getByRole('button', { name: 'Send to 3 applicants' }).click();
    await expect(dialog.getByLabel('Message')).toHaveAccessibleDescription(
      /\{firstname\} is filled in for nobody/,
    );
    await expect(dialog.getByLabel('Message')).toHaveValue(
      'Hello {firstname},\n\nnot this season. Edited by hand.',
    );
    await dialog
      .getByLabel('Message')
      .fill('Hello {firstName},\n\nnot this season. Edited by hand.');
    await expect(preview).toContainText('About your trip, Mary');
    await expect(preview).toContainText(
      'Hello Mary, not this season. Edited by hand.',
    );
    await dialog.getByRole('button', { name: 'Send to 3 applicants' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByRole('status').filter({
        hasText:
          'Moved 3 applications to Declined and sent the e-mail to 3 applicants.',
      }),
    ).toBeVisible();
    expect(decisionsPosted).toHaveLength(2);

    const decisions = () =>
      smtp.messages.filter((message) =>
        message.subject?.startsWith('About your trip'),
      );
    await expect.poll(() => decisions().length).toBe(3);
    for (const [index, name] of names.entries()) {
      const mail = decisions().find((message) =>
        message.envelopeTo.includes(`${tag}-${index}@example.com`),
      );
      expect(mail?.subject).toBe(`About your trip, ${name}`);
      // The edited text, the line to the applicant's own page, then the line that stands for
      // the e-mail's button in plain text.
      expect(mail?.text).toMatch(
        new RegExp(
          `^Hello ${name},\n\nnot this season\\. Edited by hand\\.\n\nSee where your application stands: https?://[^/]+/me\n\nVisit the creator hub: https://`,
        ),
      );
    }
    for (const name of names)
      await expect(
        page.getByRole('row', { name: new RegExp(`${name} Lovelace`) }),
      ).toContainText('Declined');
  } finally {
    await smtp.close();
  }
});
