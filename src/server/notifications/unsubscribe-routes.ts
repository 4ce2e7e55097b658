import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Notify } from '#review-api/messages.ts';
import type { Database } from '../db/database.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { escapeHtml } from '../html.ts';
import {
  unsubscribePathOf,
  type UnsubscribeLinks,
} from './unsubscribe-links.ts';

const style = `body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c2529;background:#f2f4f5}main{max-width:480px;margin:48px auto;padding:32px 24px;background:#fff;border-radius:8px}h1{font-size:24px;line-height:1.25;margin:0 0 16px}p{margin:0 0 16px}form{display:inline-block;margin:0 8px 8px 0}button{min-height:44px;padding:10px 20px;border-radius:8px;border:2px solid #0b5d66;font:inherit;font-weight:600;cursor:pointer;background:#0b5d66;color:#fff}button.secondary{background:#fff;color:#0b5d66}button:focus-visible,a:focus-visible{outline:2px solid #0b5d66;outline-offset:2px}a{color:#0b5d66}`;

/** The page's own policy: its one inline stylesheet, forms to this server, nothing else. */
const contentSecurityPolicy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const noticeOf: Record<Notify, string> = {
  each: 'an e-mail for each new application',
  digest: 'a daily digest of new applications',
  none: 'no e-mail about new applications',
};

function page(
  reply: FastifyReply,
  status: number,
  title: string,
  body: string,
): FastifyReply {
  return reply
    .code(status)
    .header('Content-Security-Policy', contentSecurityPolicy)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

const button = (
  action: string,
  label: string,
  fields: Record<string, string> = {},
  isSecondary = false,
) =>
  `<form method="post" action="${escapeHtml(action)}">${Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join(
      '',
    )}<button type="submit"${isSecondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;

const resubscribeButtons = (token: string) => {
  const action = `${unsubscribePathOf(token)}/resubscribe`;
  return `${button(action, 'Send each application', { notify: 'each' })}${button(action, 'Send a daily digest', { notify: 'digest' }, true)}`;
};

/**
 * A staff member's unsubscribe link from their notification e-mails (RFC 8058). Its signature is
 * the authority, as a session is elsewhere: a mail provider's one-click POST comes from its own
 * servers, with no cookie and no Origin of ours, so this address sits outside the workspace and
 * its Origin check. A GET never changes anything (link scanners fetch links); it shows a page whose
 * button posts, and after turning e-mails off the page offers to turn them back on.
 */
export async function unsubscribeRoutes(
  app: FastifyInstance,
  {
    database,
    links,
    audit,
  }: {
    database: Database;
    links: () => Promise<UnsubscribeLinks>;
    audit: AuditLog;
  },
) {
  // Mail providers post `List-Unsubscribe=One-Click` form-encoded (RFC 8058 allows multipart too);
  // the page's own forms post form-encoded. Any body is read as text here, and only `notify` is read.
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, new URLSearchParams(String(body)));
    },
  );

  const { db } = database;
  async function accountOf(token: string) {
    const staffId = (await links()).staffIdOf(token);
    if (!staffId) return undefined;
    return db
      .selectFrom('staff_accounts')
      .select(['id', 'email', 'notify'])
      .where('id', '=', staffId)
      .executeTakeFirst();
  }
  /** The account's choice made by its link, and recorded as the account's own. */
  async function choose(
    account: { id: string; email: string },
    notify: Notify,
    address: string,
    detail: string,
  ) {
    await db
      .updateTable('staff_accounts')
      .set({ notify })
      .where('id', '=', account.id)
      .execute();
    await audit.record({
      actor: account.email,
      action: notify === 'none' ? 'unsubscribed' : 'resubscribed',
      subject: account.email,
      address,
      detail,
    });
  }
  const notValid = (reply: FastifyReply) =>
    page(
      reply,
      404,
      'This link does not work',
      `<p>It may be cut short, or its account has been removed. Choose your e-mails in the workspace: <a href="/review/settings">Settings</a>.</p>`,
    );
  const offPage = (reply: FastifyReply, token: string, email: string) =>
    page(
      reply,
      200,
      'You will get no more e-mails about new applications',
      `<p>${escapeHtml(email)} gets ${noticeOf.none} now. Changed your mind?</p>${resubscribeButtons(token)}`,
    );

  type Request = { Params: { token: string } };
  app.get<Request>('/unsubscribe/:token', async (request, reply) => {
    const { token } = request.params;
    const account = await accountOf(token);
    if (!account) return notValid(reply);
    if (account.notify === 'none') return offPage(reply, token, account.email);
    return page(
      reply,
      200,
      'Stop e-mails about new applications?',
      `<p>${escapeHtml(account.email)} gets ${noticeOf[account.notify]}.</p>${button(unsubscribePathOf(token), 'Stop these e-mails')}`,
    );
  });

  app.post<Request>('/unsubscribe/:token', async (request, reply) => {
    const { token } = request.params;
    const account = await accountOf(token);
    if (!account) return notValid(reply);
    if (account.notify !== 'none')
      await choose(account, 'none', request.ip, `was ${account.notify}`);
    return offPage(reply, token, account.email);
  });

  app.post<Request & { Body: URLSearchParams | undefined }>(
    '/unsubscribe/:token/resubscribe',
    async (request, reply) => {
      const { token } = request.params;
      const account = await accountOf(token);
      if (!account) return notValid(reply);
      const notify = request.body?.get('notify');
      if (notify !== 'each' && notify !== 'digest')
        return page(
          reply,
          400,
          'Choose which e-mails to get',
          `<p>Send each application, or a daily digest.</p>${resubscribeButtons(token)}`,
        );
      await choose(account, notify, request.ip, notify);
      return page(
        reply,
        200,
        'E-mails about new applications are back on',
        `<p>${escapeHtml(account.email)} gets ${noticeOf[notify]}.</p>${button(unsubscribePathOf(token), 'Stop these e-mails', {}, true)}`,
      );
    },
  );
}
