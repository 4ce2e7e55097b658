import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callsPath } from '#engine/sync-page.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import {
  compressPage,
  sendPage,
  type CompressedPage,
} from '../compressed-page.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';
import { buildSecurityHeaders } from '../plugins/security-headers.ts';
import { pageConfigFor } from './page-language.ts';
import {
  renderCallsPage,
  type PublicCallCard,
  type PublicPage,
} from './call-pages.ts';

type SetHeaders = ReturnType<typeof buildSecurityHeaders>;

/** How many distinct pages stay compressed: every call's page not open, and the list as it changes. */
const keptPages = 64;

const hashOf = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Sends a public page (the list of open calls, a call that is not open) as `/` is sent: compressed
 * with brotli or gzip as the client accepts, revalidated on every visit. A page is compressed once
 * for each distinct text and kept, as these pages change only when a call or its form does. Its
 * Content-Security-Policy allows its one inline style by its hash and no script at all, in place of
 * the policy of the wizard's page, which every answer carries first.
 */
export function createPublicPageSender(
  framing: { frameAncestors?: readonly string[] } = {},
) {
  const pages = new Map<string, Promise<CompressedPage>>();
  const headers = new WeakMap<WizardConfig, Map<string, SetHeaders>>();

  const compressed = (html: string): Promise<CompressedPage> => {
    let page = pages.get(html);
    if (!page) {
      page = compressPage(html);
      pages.set(html, page);
      const oldest = pages.keys().next().value;
      if (pages.size > keptPages && oldest !== undefined) pages.delete(oldest);
    }
    return page;
  };

  // Helmet is built once per form and style: building it costs more than a page's whole answer.
  const headersFor = (config: WizardConfig, style: string): SetHeaders => {
    const byStyle = headers.get(config) ?? new Map<string, SetHeaders>();
    headers.set(config, byStyle);
    const hash = hashOf(style);
    let setHeaders = byStyle.get(hash);
    if (!setHeaders) {
      setHeaders = buildSecurityHeaders(
        config,
        { scripts: [], styles: [hash] },
        framing,
      );
      byStyle.set(hash, setHeaders);
    }
    return setHeaders;
  };

  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: PublicPage,
    config: WizardConfig,
    cacheControl = 'no-cache',
  ): Promise<FastifyReply> => {
    const body = await compressed(page.html);
    // A form of several languages is shown in the visitor's: the same address varies by it.
    reply.header('Content-Language', config.lang);
    if (languagesOf(config).length > 1) reply.header('Vary', 'Accept-Language');
    await new Promise<void>((resolve, reject) =>
      headersFor(config, page.style)(request.raw, reply.raw, (error) =>
        error ? reject(error as Error) : resolve(),
      ),
    );
    return sendPage(body, request, reply, cacheControl);
  };
}

export type PublicPageSender = ReturnType<typeof createPublicPageSender>;

export type CallListOptions = {
  /** The calls open now, in the order the list shows them, in a language of the default call's form. */
  openCalls: (tag: string) => Promise<PublicCallCard[]>;
  /** The default call's form, whose look and words (in the visitor's language) the list takes. */
  site: () => WizardConfig;
  /** The wizard's built stylesheet, which the list inlines as the wizard's page does. */
  stylesheet: string;
  send?: PublicPageSender;
  /** The time zone closing dates are written in; the server's by default. */
  timeZone?: string;
};

/**
 * What search engines may read: the public pages, not the workspace or the API. Without it, its
 * address would lead to the wizard's page like any unknown one, which a crawler cannot parse.
 */
export const robotsTxt = 'User-agent: *\nDisallow: /review\nDisallow: /api/\n';

/**
 * `GET /calls`: the organisation's open calls, one server-rendered page without script; and
 * `GET /robots.txt`, which lets search engines read it.
 */
export async function callListRoutes(
  app: FastifyInstance,
  options: CallListOptions,
) {
  const send = options.send ?? createPublicPageSender();
  app.get(callsPath, async (request, reply) => {
    const config = pageConfigFor(options.site(), request);
    const page = renderCallsPage(await options.openCalls(config.lang), {
      config,
      stylesheet: options.stylesheet,
      timeZone: options.timeZone,
    });
    return send(request, reply, page, config);
  });
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=86400')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt),
  );
}
