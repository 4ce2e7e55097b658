import { expect, test } from 'vitest';
import { builtInLanguageOf } from '#engine/languages/built-in/index.ts';
import { localizeConfig } from '#engine/languages/localize.ts';
import {
  exampleWith,
  withTranslations,
} from '../../../tests/support/wizard-configs.ts';
import {
  defaultNotificationConfig,
  type NotificationConfig,
} from './notification-config.ts';
import {
  decisionTextFor,
  messageLanguageOf,
  notificationsIn,
} from './notifications-in-language.ts';

const config = exampleWith(
  withTranslations({
    de: {
      'notifications.templates.receipt.subject': 'Danke, {firstName}',
      'notifications.templates.accepted.subject': 'Willkommen, {firstName}',
      'notifications.templates.accepted.body': 'Du bist dabei.',
    },
  }),
);

const own: NotificationConfig = {
  ...defaultNotificationConfig,
  confirmApplicant: true,
  staffEmails: ['team@example.org'],
};

test('a message goes in its applicant’s language when the form offers it, else in the form’s own', () => {
  expect(messageLanguageOf(config, 'de')).toBe('de');
  expect(messageLanguageOf(config, 'fr')).toBe('en');
  expect(messageLanguageOf(config, null)).toBe('en');
});

test('the applicant’s templates take each translated part, the product’s German where the form keeps its own; staff’s stay as they are', () => {
  const german = notificationsIn(localizeConfig(config, 'de'), own);
  expect(german.templates.receipt).toEqual({
    ...builtInLanguageOf('de')?.templates.receipt,
    subject: 'Danke, {firstName}',
  });
  expect(german.templates.accepted.body).toBe('Du bist dabei.');
  expect(german.templates.newApplication).toBe(own.templates.newApplication);
  expect(german.staffEmails).toEqual(['team@example.org']);
  expect(german.confirmApplicant).toBe(true);
});

test('a translation the templates’ check refuses leaves the form’s own', () => {
  const refused = {
    notifications: {
      templates: { receipt: { subject: 'Hallo {unknownPlaceholder}' } },
    },
  };
  expect(notificationsIn(refused, own)).toBe(own);
});

test('a decision written once for several goes in each applicant’s template where staff left the form’s own unchanged', () => {
  const theirs = notificationsIn(localizeConfig(config, 'de'), own);
  expect(
    decisionTextFor(own.templates.accepted, own, theirs, 'accepted'),
  ).toEqual(theirs.templates.accepted);
  const rewritten = { subject: 'Good news', body: 'Welcome aboard.' };
  expect(decisionTextFor(rewritten, own, theirs, 'accepted')).toBe(rewritten);
});
