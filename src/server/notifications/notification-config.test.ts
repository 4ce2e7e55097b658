import { expect, test } from 'vitest';
import { parseNotificationConfig } from './notification-config.ts';

test('fills in the English defaults for the templates and the parts of one a configuration leaves out', () => {
  const parsed = parseNotificationConfig({
    confirmApplicant: true,
    templates: {
      declined: { subject: 'Thank you, {firstName}', body: 'Dear {name} …' },
    },
  });
  expect(parsed.ok && parsed.notifications.templates.declined).toEqual({
    subject: 'Thank you, {firstName}',
    body: 'Dear {name} …',
    button: 'Visit the creator hub',
  });
  expect(parsed.ok && parsed.notifications.templates.receipt.subject).toBe(
    'We have your application, {firstName}',
  );
  expect(parsed.ok && parsed.notifications.staffEmails).toEqual([]);
});

test('refuses a placeholder the template does not offer, and a shared inbox that is no address, naming each path', () => {
  const parsed = parseNotificationConfig({
    staffEmails: ['team@example.org', 'not an address'],
    templates: {
      receipt: { subject: 'Hi {firstName}', body: 'Your reach: {reach}' },
    },
  });
  expect(parsed.ok).toBe(false);
  const problems = parsed.ok ? [] : parsed.problems;
  expect(problems).toHaveLength(2);
  expect(problems[0]).toMatch(/^notifications\.staffEmails\[1\]: /);
  expect(problems[1]).toBe(
    'notifications.templates.receipt.body: may use only these placeholders: {firstName}, {name}, {organisation}, {callTitle}',
  );
});
