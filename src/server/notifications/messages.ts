import { defaultEmailLines } from '#engine/email-templates.ts';
import { builtInLanguageOf } from '#engine/languages/built-in/index.ts';
import { platformAnswersOf, type ApplicationPayload } from '#engine/payload.ts';
import { platformNames } from '#engine/platforms.ts';
import type { Stage } from '#engine/stages.ts';
import { interpolate } from '#engine/texts.ts';
import { decisionStages } from '#review-api/common.ts';
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
  /** The title of the call whose form these settings are, which `{callTitle}` stands for. */
  callTitle: string;
  lang: string;
  /** The origin links in messages point to. */
  publicOrigin: string;
  /** The organisation's logo atop every e-mail: an address any mail client can load, and its size. */
  logo: { url: string; width: number; height: number } | undefined;
  /** The colour of an e-mail's button; white text on it meets AA contrast (the theme's check). */
  brandColour: string;
  /** The external creator sign-up page, the main action of the e-mails to applicants. */
  signInUrl: string;
  isEmailOn: boolean;
  webhookUrl: string | undefined;
  /** A staff member's signed one-click unsubscribe address, once the signing key is loaded. */
  unsubscribeUrlOf?: ((staffId: string) => string) | undefined;
};

export type NewApplication = {
  id: string;
  receivedAt: string;
  pageId: string;
  callSlug: string;
  payload: ApplicationPayload;
  /** The same person's first application to the same call, when this is a second one. */
  duplicateOf?: string | null;
};

/** The one link an e-mail leads to, shown as a button. */
export type EmailAction = { label: string; url: string };

export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The logo's height in an e-mail, in CSS pixels; the image itself has twice as many for sharp screens. */
const logoHeight = 40;

/**
 * A button as mail clients draw it: a link inside a one-cell table with the colour on the cell, since
 * Outlook ignores padding and background on links and several clients drop CSS classes.
 */
function buttonHtml(action: EmailAction, colour: string): string {
  const href = escapeHtml(action.url);
  return `<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;border-collapse:separate"><tr><td bgcolor="${colour}" style="border-radius:8px;background:${colour}"><a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:8px;font:600 16px/1.25 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#ffffff;text-decoration:none">${escapeHtml(action.label)}</a></td></tr></table>`;
}

/**
 * The HTML part of an e-mail, made from its text: paragraphs at blank lines, line breaks kept,
 * links made clickable, the organisation's logo on top and the main action as a button. Written by
 * hand because the texts are the organisation's plain words from the configuration, not designed
 * layouts. The plain-text part names the action's address too, when the text does not already.
 */
function emailContent(
  subject: string,
  text: string,
  settings: MessageSettings,
  action: EmailAction,
): EmailContent {
  const paragraphs = text
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px">${escapeHtml(paragraph)
          .replace(
            /https?:\/\/[^\s<]+/g,
            (url) =>
              `<a href="${url}" style="color:${settings.brandColour};word-break:break-all">${url}</a>`,
          )
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  const { logo } = settings;
  const logoHtml = logo
    ? `<img src="${escapeHtml(logo.url)}" alt="${escapeHtml(settings.organisation)}" width="${Math.round((logo.width / logo.height) * logoHeight)}" height="${logoHeight}" style="display:block;max-width:100%;height:auto;margin:0 0 24px;border:0">`
    : '';
  const html = `<!doctype html><html lang="${escapeHtml(settings.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:24px 16px;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1d2a30"><div style="max-width:560px;margin:0 auto">${logoHtml}${paragraphs}${buttonHtml(action, settings.brandColour)}</div></body></html>`;
  return {
    subject,
    text: text.includes(action.url)
      ? text
      : `${text}\n\n${action.label}: ${action.url}`,
    html,
  };
}

/** A template filled in, leading to `url` with the template's button; `after` ends its text. */
export function filled(
  template: Template,
  values: Record<string, string>,
  settings: MessageSettings,
  url: string,
  after = '',
): EmailContent {
  return emailContent(
    interpolate(template.subject, values),
    interpolate(template.body, values) + after,
    settings,
    { label: interpolate(template.button, values), url },
  );
}

/** The applicant's own page, where they see each application they sent and where it stands. */
export const mePageUrlOf = (publicOrigin: string) => `${publicOrigin}/me`;

/** How every e-mail about an application ends for its applicant: the way to their own page. */
/** The line to the applicant's page, in the language of the e-mail it ends. */
const mePageLineOf = (settings: MessageSettings) =>
  `\n\n${interpolate(
    (builtInLanguageOf(settings.lang)?.emailLines ?? defaultEmailLines).myPage,
    { url: mePageUrlOf(settings.publicOrigin) },
  )}`;

/**
 * RFC 8058 one-click unsubscribe for an e-mail to a staff account: mail clients offer it beside
 * the sender, and their POST turns the account's notifications off without a sign-in.
 */
export function unsubscribable(
  content: EmailContent,
  staffId: string | undefined,
  settings: MessageSettings,
): EmailContent {
  if (!staffId || !settings.unsubscribeUrlOf) return content;
  return {
    ...content,
    headers: {
      'List-Unsubscribe': `<${settings.unsubscribeUrlOf(staffId)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** What staff e-mails and webhooks may say of an applicant: who, from where, on which platforms. */
export function summaryOf(payload: ApplicationPayload) {
  const personal = payload.personalInfo;
  const platforms = platformAnswersOf(payload);
  const countryCode =
    typeof personal.countryCode === 'string' ? personal.countryCode : null;
  return {
    name: fullNameOf(payload),
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

export const applicationUrlOf = (publicOrigin: string, id: string) =>
  `${publicOrigin}/review?open=${encodeURIComponent(id)}`;

/**
 * Who hears of a new application (and of one withdrawn): each staff member who wants every one, and
 * the configuration's shared inboxes, each address with its account's id. An account's address
 * may also be a shared inbox: one e-mail, and the account's unsubscribe link on it. A shared inbox
 * has none: the configuration names it.
 */
export function staffRecipientsOf(
  staff: ReadonlyArray<{ id: string; email: string }>,
  settings: MessageSettings,
): Map<string, string | undefined> {
  const recipients = new Map<string, string | undefined>();
  for (const email of settings.notifications.staffEmails)
    recipients.set(email.toLowerCase(), undefined);
  for (const member of staff)
    recipients.set(member.email.toLowerCase(), member.id);
  return recipients;
}

/**
 * The messages a new application sets off: an e-mail to each staff member who wants one and to
 * the configured shared inboxes, the applicant's receipt when the configuration asks for it (in
 * the applicant's language: `applicantSettings`), and the `application.received` webhook.
 */
export function newApplicationMessages(
  application: NewApplication,
  staff: ReadonlyArray<{ id: string; email: string }>,
  settings: MessageSettings,
  applicantSettings: MessageSettings = settings,
): OutgoingMessage[] {
  const summary = summaryOf(application.payload);
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
        callTitle: settings.callTitle,
      },
      settings,
      applicationUrl,
    );
    for (const [recipient, staffId] of staffRecipientsOf(staff, settings))
      messages.push({
        channel: 'email',
        purpose: 'new_application',
        applicationId: application.id,
        recipient,
        content: unsubscribable(staffText, staffId, settings),
      });
    if (notifications.confirmApplicant && summary.email)
      messages.push({
        channel: 'email',
        purpose: 'receipt',
        applicationId: application.id,
        recipient: summary.email,
        content: filled(
          applicantSettings.notifications.templates.receipt,
          {
            firstName: summary.firstName,
            name: summary.name,
            organisation: applicantSettings.organisation,
            callTitle: applicantSettings.callTitle,
          },
          applicantSettings,
          applicantSettings.signInUrl,
          mePageLineOf(applicantSettings),
        ),
      });
  }
  messages.push(...applicationReceivedWebhook(application, settings));
  return messages;
}

/**
 * The `application.received` webhook, when a webhook is configured. `duplicateOf` names the same
 * person's first application to the call when this is a second one (null otherwise), so a system
 * that mirrors the applications keeps every stored row and can still count each person once.
 */
export function applicationReceivedWebhook(
  application: NewApplication,
  settings: MessageSettings,
): OutgoingMessage[] {
  if (!settings.webhookUrl) return [];
  const summary = summaryOf(application.payload);
  return [
    {
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
          call: { slug: application.callSlug, title: settings.callTitle },
          receivedAt: application.receivedAt,
          name: summary.name,
          countryCode: summary.countryCode,
          platforms: summary.platforms.map((platform) => ({
            platform: platform.platform,
            followers: platform.followers,
          })),
          reach: summary.reach,
          stage: 'new',
          duplicateOf: application.duplicateOf ?? null,
          url: applicationUrlOf(settings.publicOrigin, application.id),
        },
      },
    },
  ];
}

/** The `application.stage_changed` webhook of a move, when a webhook is configured. */
export function stageChangedMessages(
  move: {
    applicationId: string;
    callSlug: string;
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
          call: { slug: move.callSlug, title: settings.callTitle },
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
  written: WrittenText = settings.notifications.templates[stage],
): { to: string; subject: string; body: string; values: DecisionValues } {
  const summary = summaryOf(payload);
  const values = {
    firstName: summary.firstName,
    name: summary.name,
    organisation: settings.organisation,
    callTitle: settings.callTitle,
  };
  return {
    to: summary.email,
    subject: interpolate(written.subject, values),
    body: interpolate(written.body, values),
    values,
  };
}

/** What staff may rewrite of a decision e-mail; its button stays the configured template's. */
type WrittenText = Pick<Template, 'subject' | 'body'>;

/**
 * A decision e-mail as the outbox keeps it: in the lane of what people send, so it goes before
 * the receipts and webhooks of a busy day; null without an address to send it to.
 */
export function decisionMessage(
  application: { id: string; payload: ApplicationPayload },
  stage: DecisionStage,
  written: WrittenText,
  settings: MessageSettings,
): OutgoingMessage | null {
  const draft = decisionDraft(application.payload, stage, settings, written);
  if (!draft.to) return null;
  return {
    channel: 'email',
    purpose: decisionPurpose(stage),
    lane: 'person',
    applicationId: application.id,
    recipient: draft.to,
    content: decisionEmail(draft, stage, settings),
  };
}

/** How the outbox names a decision's e-mail, and how an application's record of it is found. */
export const decisionPurpose = (stage: DecisionStage) =>
  `decision_${stage}` as const;

/** The decision an outbox message tells its applicant, when it is a decision's e-mail. */
export const decisionOfPurpose = (purpose: string): DecisionStage | undefined =>
  decisionStages.find((stage) => decisionPurpose(stage) === purpose);

/** A decision e-mail as staff wrote it, with its template's button to the creator sign-up page. */
export function decisionEmail(
  written: { subject: string; body: string },
  stage: DecisionStage,
  settings: MessageSettings,
): EmailContent {
  return emailContent(
    written.subject,
    written.body + mePageLineOf(settings),
    settings,
    {
      label: interpolate(settings.notifications.templates[stage].button, {
        organisation: settings.organisation,
        callTitle: settings.callTitle,
      }),
      url: settings.signInUrl,
    },
  );
}

/**
 * The daily digest for one staff member: the applications of the day before, one line each, under
 * the title of the call each was sent to (the calls in the order their first application came).
 */
export function digestMessage(
  recipient: { id: string; email: string },
  day: string,
  applications: ReadonlyArray<{
    id: string;
    name: string;
    countryCode: string | null;
    reach: number;
    call: { slug: string; title: string };
  }>,
  settings: MessageSettings,
): OutgoingMessage {
  const shown = applications.slice(0, maxDigestLines);
  const byCall = new Map<string, { title: string; lines: string[] }>();
  for (const application of shown) {
    const { slug, title } = application.call;
    const group = byCall.get(slug) ?? { title, lines: [] };
    group.lines.push(
      `- ${application.name} (${(application.countryCode && countryNames.get(application.countryCode)) ?? 'country not given'}), reach ${whole.format(application.reach)}: ${applicationUrlOf(settings.publicOrigin, application.id)}`,
    );
    byCall.set(slug, group);
  }
  const calls = new Map(
    applications.map((application) => [
      application.call.slug,
      application.call.title,
    ]),
  );
  const list = [
    ...[...byCall.values()].map(
      (group) => `${group.title}:\n${group.lines.join('\n')}`,
    ),
    ...(applications.length > shown.length
      ? [`…and ${applications.length - shown.length} more.`]
      : []),
  ].join('\n\n');
  const workspaceUrl = `${settings.publicOrigin}/review`;
  return {
    channel: 'email',
    purpose: 'digest',
    applicationId: null,
    recipient: recipient.email,
    dedupeKey: `digest:${recipient.id}:${day}`,
    content: unsubscribable(
      filled(
        settings.notifications.templates.digest,
        {
          count: whole.format(applications.length),
          list,
          workspaceUrl,
          organisation: settings.organisation,
          callTitle: listed.format([...calls.values()]),
        },
        settings,
        workspaceUrl,
      ),
      recipient.id,
      settings,
    ),
  };
}

const listed = new Intl.ListFormat('en', { type: 'conjunction' });
const maxDigestLines = 200;
