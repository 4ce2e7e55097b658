import type { WizardConfig } from '#engine/config-schema.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';
import { applicantTemplateNames } from '#engine/languages/text-paths.ts';
import type { DecisionStage } from '#review-api/messages.ts';
import {
  parseNotificationConfig,
  type NotificationConfig,
  type Template,
} from './notification-config.ts';

/**
 * The language a message to an applicant goes in: theirs when their form offers it, else the
 * form's own (an application stored before forms had languages has none).
 */
export function messageLanguageOf(
  config: Pick<WizardConfig, 'lang' | 'languages'>,
  language: string | null | undefined,
): string {
  return language && languagesOf(config).includes(language)
    ? language
    : config.lang;
}

/**
 * A form's e-mail settings as an applicant in its language reads them: each part of the
 * applicant's templates from the form localized to it (its translations, else the product's
 * words in that language), the form's own where it has neither; the rest (staff's templates, who
 * is told) as the form's own. Translations the templates' check refuses leave the form's own.
 */
export function notificationsIn(
  localized: Pick<WizardConfig, 'notifications'>,
  own: NotificationConfig,
): NotificationConfig {
  const written =
    (localized.notifications as { templates?: Record<string, object> })
      ?.templates ?? {};
  const parsed = parseNotificationConfig({
    templates: Object.fromEntries(
      applicantTemplateNames.map((name) => [
        name,
        { ...own.templates[name], ...written[name] },
      ]),
    ),
  });
  if (!parsed.ok) return own;
  const templates = { ...own.templates };
  for (const name of applicantTemplateNames)
    templates[name] = parsed.notifications.templates[name];
  return { ...own, templates };
}

/**
 * What a decision e-mail written once for several applicants says to one of them: their
 * language's template where staff sent the form's own unchanged, else the words staff wrote.
 */
export function decisionTextFor(
  written: Pick<Template, 'subject' | 'body'>,
  own: NotificationConfig,
  theirs: NotificationConfig,
  stage: DecisionStage,
): Pick<Template, 'subject' | 'body'> {
  const template = own.templates[stage];
  return written.subject === template.subject && written.body === template.body
    ? theirs.templates[stage]
    : written;
}
