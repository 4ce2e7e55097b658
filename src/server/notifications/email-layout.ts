import { defaultEmailLines } from '#engine/email-templates.ts';
import { builtInLanguageOf } from '#engine/languages/built-in/index.ts';
import { interpolate } from '#engine/texts.ts';
import { escapeHtml } from '../html.ts';
import type { MessageSettings } from './message-settings.ts';
import type { Template } from './notification-config.ts';
import type { EmailContent } from './outbox.ts';

/** The one link an e-mail leads to, shown as a button. */
export type EmailAction = { label: string; url: string };

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
export function emailContent(
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

/**
 * How every e-mail about an application ends for its applicant: the way to their own page, in the
 * language of the e-mail it ends.
 */
export const mePageLineOf = (settings: MessageSettings) =>
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
