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
import { addStaff, signIn } from '../support/workspace.ts';

// axe runs on the workspace (see tests/support/axe.ts).
test.use({ bypassCSP: true });

test('an application sent in Chromium e-mails the staff and the applicant and posts a signed webhook; a decision is e-mailed only when staff send it', async ({
  page,
}) => {
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
