import { platformAnswersOf, type ApplicationPayload } from '#engine/payload.ts';
import { platformNames } from '#engine/platforms.ts';
import type { Stage } from '#engine/stages.ts';
import { interpolate } from '#engine/texts.ts';
import type { DecisionStage, DecisionValues } from '#review-api/messages.ts';
import { countries } from '#reference-data/countries.ts';
import { fullNameOf } from '../db/applicant-columns.ts';
import {
  type NotificationConfig,
  type Template,
} from './notification-config.ts';
import type { EmailContent, OutgoingMessage } from './outbox.ts';

const countryNames = new Map(
  countries.map((country) => [country.isoCode2, country.country]),
);
const whole = new Intl.NumberFormat('en');

/** Where messages go, and what they say about whom; absent channels send nothing. */
export type MessageSettings = {
  notifications: NotificationConfig;
  organisation: string;
  lang: string;
  /** The origin links in messages point to. */
  publicOrigin: string;
  /** Absolute address of the organisation's logo, shown atop messages to applicants. */
  logoUrl: string | undefined;
  isEmailOn: boolean;
  webhookUrl: string | undefined;
};

export type NewApplication = {
  id: string;
  receivedAt: string;
  pageId: string;
  payload: ApplicationPayload;
};

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/**
 * The HTML part of an e-mail, made from its text: paragraphs at blank lines, line breaks kept,
 * links made clickable, and the organisation's logo on top for applicants. Written by hand because the texts are
 * the organisation's plain words from the configuration, not designed layouts.
 */
function emailContent(
  subject: string,
  text: string,
  settings: MessageSettings,
  audience: 'staff' | 'applicant',
): EmailContent {
  const paragraphs = text
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px">${escapeHtml(paragraph)
          .replace(
            /https?:\/\/[^\s<]+/g,
            (url) => `<a href="${url}" style="color:#0b5d66">${url}</a>`,
          )
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  const logoHtml =
    audience === 'applicant' && settings.logoUrl
      ? `<img src="${escapeHtml(settings.logoUrl)}" alt="${escapeHtml(settings.organisation)}" height="40" style="display:block;margin:0 0 24px">`
      : '';
  const html = `<!doctype html><html lang="${escapeHtml(settings.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:24px;font:16px/1.5 system-ui,sans-serif;color:#1d2a30"><div style="max-width:560px;margin:0 auto">${logoHtml}${paragraphs}</div></body></html>`;
  return { subject, text, html };
}

function filled(
  template: Template,
  values: Record<string, string>,
  settings: MessageSettings,
  audience: 'staff' | 'applicant',
): EmailContent {
  return emailContent(
    interpolate(template.subject, values),
    interpolate(template.body, values),
    settings,
    audience,
  );
}

/** What staff e-mails and webhooks may say of an applicant: who, from where, on which platforms. */
function summaryOf(application: NewApplication) {
  const personal = application.payload.personalInfo;
  const platforms = platformAnswersOf(application.payload);
  const countryCode =
    typeof personal.countryCode === 'string' ? personal.countryCode : null;
  return {
    name: fullNameOf(application.payload),
    firstName: typeof personal.firstName === 'string' ? personal.firstName : '',
    email:
      typeof personal.emailAddress === 'string' ? personal.emailAddress : '',
    countryCode,
    country:
      (countryCode && countryNames.get(countryCode)) ?? 'country not given',
    platforms,
    reach: platforms.reduce((sum, platform) => sum + platform.followers, 0),
  };
}

const applicationUrlOf = (publicOrigin: string, id: string) =>
  `${publicOrigin}/review?open=${encodeURIComponent(id)}`;

/**
 * The messages a new application sets off: an e-mail to each staff member who wants one and to
 * the configured shared inboxes, the applicant's receipt when the configuration asks for it, and
 * the `application.received` webhook.
 */
export function newApplicationMessages(
  application: NewApplication,
  staffEmails: readonly string[],
  settings: MessageSettings,
): OutgoingMessage[] {
  const summary = summaryOf(application);
  const applicationUrl = applicationUrlOf(
    settings.publicOrigin,
    application.id,
  );
  const messages: OutgoingMessage[] = [];
  const { notifications } = settings;
  if (settings.isEmailOn) {
    const staffText = filled(
      notifications.templates.newApplication,
      {
        name: summary.name,
        country: summary.country,
        platforms:
          summary.platforms
            .map(
              (platform) =>
                `${platformNames[platform.platform]} ${whole.format(platform.followers)}`,
            )
            .join(', ') || 'none given',
        reach: whole.format(summary.reach),
        applicationUrl,
        organisation: settings.organisation,
      },
      settings,
      'staff',
    );
    const recipients = new Set(
      [...staffEmails, ...notifications.staffEmails].map((email) =>
        email.toLowerCase(),
      ),
    );
    for (const recipient of recipients)
      messages.push({
        channel: 'email',
        purpose: 'new_application',
        applicationId: application.id,
        recipient,
        content: staffText,
      });
    if (notifications.confirmApplicant && summary.email)
      messages.push({
        channel: 'email',
        purpose: 'receipt',
        applicationId: application.id,
        recipient: summary.email,
        content: filled(
          notifications.templates.receipt,
          {
            firstName: summary.firstName,
            name: summary.name,
            organisation: settings.organisation,
          },
          settings,
          'applicant',
        ),
      });
  }
  if (settings.webhookUrl)
    messages.push({
      channel: 'webhook',
      purpose: 'application.received',
      applicationId: application.id,
      recipient: settings.webhookUrl,
      content: {
        type: 'application.received',
        timestamp: application.receivedAt,
        data: {
          id: application.id,
          pageId: application.pageId,
          receivedAt: application.receivedAt,
          name: summary.name,
          countryCode: summary.countryCode,
          platforms: summary.platforms.map((platform) => ({
            platform: platform.platform,
            followers: platform.followers,
          })),
          reach: summary.reach,
          stage: 'new',
          url: applicationUrl,
        },
      },
    });
  return messages;
}

/** The `application.stage_changed` webhook of a move, when a webhook is configured. */
export function stageChangedMessages(
  move: {
    applicationId: string;
    at: string;
    actor: string;
    from: Stage;
    to: Stage;
  },
  settings: MessageSettings,
): OutgoingMessage[] {
  if (!settings.webhookUrl) return [];
  return [
    {
      channel: 'webhook',
      purpose: 'application.stage_changed',
      applicationId: move.applicationId,
      recipient: settings.webhookUrl,
      content: {
        type: 'application.stage_changed',
        timestamp: move.at,
        data: {
          id: move.applicationId,
          from: move.from,
          to: move.to,
          at: move.at,
          by: move.actor,
          url: applicationUrlOf(settings.publicOrigin, move.applicationId),
        },
      },
    },
  ];
}

/**
 * The decision e-mail to one applicant, its placeholders filled: the configured text unless staff
 * wrote their own. `to` is empty when the application has no address; `values` are what the
 * placeholders stood for.
 */
export function decisionDraft(
  payload: ApplicationPayload,
  stage: DecisionStage,
  settings: MessageSettings,
  template: Template = settings.notifications.templates[stage],
): { to: string; subject: string; body: string; values: DecisionValues } {
  const summary = summaryOf({ id: '', receivedAt: '', pageId: '', payload });
  const values = {
    firstName: summary.firstName,
    name: summary.name,
    organisation: settings.organisation,
  };
  return {
    to: summary.email,
    subject: interpolate(template.subject, values),
    body: interpolate(template.body, values),
    values,
  };
}

/**
 * A decision e-mail as the outbox keeps it: in the lane of what people send, so it goes before
 * the receipts and webhooks of a busy day; null without an address to send it to.
 */
export function decisionMessage(
  application: { id: string; payload: ApplicationPayload },
  stage: DecisionStage,
  template: Template,
  settings: MessageSettings,
): OutgoingMessage | null {
  const draft = decisionDraft(application.payload, stage, settings, template);
  if (!draft.to) return null;
  return {
    channel: 'email',
    purpose: decisionPurpose(stage),
    lane: 'person',
    applicationId: application.id,
    recipient: draft.to,
    content: emailContent(draft.subject, draft.body, settings, 'applicant'),
  };
}

/** How the outbox names a decision's e-mail, and how an application's record of it is found. */
export const decisionPurpose = (stage: DecisionStage) =>
  `decision_${stage}` as const;

/** The daily digest for one staff member: the applications of the day before, one line each. */
export function digestMessage(
  recipient: { id: string; email: string },
  day: string,
  applications: ReadonlyArray<{
    id: string;
    name: string;
    countryCode: string | null;
    reach: number;
  }>,
  settings: MessageSettings,
): OutgoingMessage {
  const shown = applications.slice(0, maxDigestLines);
  const list = [
    ...shown.map(
      (application) =>
        `- ${application.name} (${(application.countryCode && countryNames.get(application.countryCode)) ?? 'country not given'}), reach ${whole.format(application.reach)}: ${applicationUrlOf(settings.publicOrigin, application.id)}`,
    ),
    ...(applications.length > shown.length
      ? [`…and ${applications.length - shown.length} more.`]
      : []),
  ].join('\n');
  return {
    channel: 'email',
    purpose: 'digest',
    applicationId: null,
    recipient: recipient.email,
    dedupeKey: `digest:${recipient.id}:${day}`,
    content: filled(
      settings.notifications.templates.digest,
      {
        count: whole.format(applications.length),
        list,
        workspaceUrl: `${settings.publicOrigin}/review`,
        organisation: settings.organisation,
      },
      settings,
      'staff',
    ),
  };
}

const maxDigestLines = 200;
