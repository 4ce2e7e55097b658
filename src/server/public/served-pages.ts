import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { PublishedForm } from '#engine/sync-page.ts';
import { compressPage, type CompressedPage } from '../compressed-page.ts';
import type { BuiltWizard } from '../built-wizard.ts';
import type { LiveCalls, LiveForm } from '../form/live-form.ts';
import {
  browserConfigOf,
  inlineStyleOf,
  pageScriptOf,
  renderIndexHtml,
  renderReviewHtml,
} from '../html.ts';
import { buildSecurityHeaders } from '../plugins/security-headers.ts';
import { askingOf, localizedFor, pageLanguageOf } from './page-language.ts';

type SetHeaders = ReturnType<typeof buildSecurityHeaders>;

/** The workspace's address of the form editor's preview frame. */
const formPreviewPath = '/review/form/preview';

/** The wizard's pages (`/`, `/apply/<slug>`): the only ones other sites may frame. */
const wizardPagePattern = /^\/(?:apply\/[^/?#]+)?(?:[?#]|$)/;

/** A form version's public page in one language, and the headers that allow its inline parts. */
export type ServedLanguage = {
  /** The wizard's page and the form as `GET /api/form` answers it, compressed on first request. */
  pages: () => Promise<[CompressedPage, CompressedPage]>;
  /** The wizard's page as a frame's content on another site (`?embed=`), compressed on first request. */
  embeddedPage: () => Promise<CompressedPage>;
  setHeaders: SetHeaders;
  /** The same, on the wizard's own page: framed by the sites `EMBED_ORIGINS` names. */
  wizardHeaders: SetHeaders;
  /** The same, on the form editor's preview: framed by the workspace's own page only. */
  previewHeaders: SetHeaders;
  /** The language shown, for `Content-Language`. */
  lang: string;
};

type ServedForm = {
  /** The workspace's page, in the form's own language. */
  reviewPage: Promise<CompressedPage>;
  /** The page in a language of the form; made on the first request for it and kept. */
  inLanguage: (tag: string) => ServedLanguage;
};

const hashOf = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The wizard's page in one language: only that language's texts reach the browser. */
function serveLanguage(
  { config: own, number }: LiveForm,
  tag: string,
  built: BuiltWizard,
  embedOrigins: readonly string[],
): ServedLanguage {
  const config = localizedFor(own, tag);
  let pages: Promise<[CompressedPage, CompressedPage]> | undefined;
  const inlineHashes = {
    scripts: [hashOf(pageScriptOf(config, built.entry))],
    // The wizard's page inlines its stylesheet, the workspace's only the theme.
    styles: [
      hashOf(inlineStyleOf(config, built.stylesheet)),
      hashOf(inlineStyleOf(config, '')),
    ],
  };
  const setHeaders = buildSecurityHeaders(config, inlineHashes);
  let embeddedPage: Promise<CompressedPage> | undefined;
  const page = (isEmbedded: boolean) =>
    renderIndexHtml(
      built.template,
      config,
      {
        stylesheet: built.stylesheet,
        firstStep: built.renderFirstStep(config),
        entry: built.entry,
      },
      number,
      isEmbedded,
    );
  return {
    lang: config.lang,
    pages: () => {
      pages ??= Promise.all([
        compressPage(page(false)),
        compressPage(
          JSON.stringify({
            version: number,
            config: browserConfigOf(config),
          } satisfies PublishedForm),
        ),
      ]);
      // A rejection is seen where the page is served; unawaited until then, it must not crash the process.
      pages.catch(() => {});
      return pages;
    },
    embeddedPage: () => (embeddedPage ??= compressPage(page(true))),
    setHeaders,
    wizardHeaders:
      embedOrigins.length > 0
        ? buildSecurityHeaders(config, inlineHashes, {
            frameAncestors: embedOrigins,
          })
        : setHeaders,
    previewHeaders: buildSecurityHeaders(config, inlineHashes, {
      frameAncestors: ["'self'"],
    }),
  };
}

/** The wizard's and the workspace's pages for one form version, compressed, and the headers that allow their inline parts. */
function serveForm(
  form: LiveForm,
  built: BuiltWizard,
  embedOrigins: readonly string[],
): ServedForm {
  const reviewPage = compressPage(
    renderReviewHtml(built.reviewTemplate, form.config),
  );
  // A rejection is seen where the page is served; unawaited until then, it must not crash the process.
  reviewPage.catch(() => {});
  // A form has a few languages: each one's page is kept once made.
  const languages = new Map<string, ServedLanguage>();
  return {
    reviewPage,
    inLanguage: (tag) => {
      let served = languages.get(tag);
      if (!served) {
        served = serveLanguage(form, tag, built, embedOrigins);
        languages.set(tag, served);
      }
      return served;
    },
  };
}

/**
 * The pages of every call's form, made once per published version, and the security headers each
 * answer carries. Each form's page in its own language, which most visitors read, is compressed
 * ahead on libuv's threads, at once and whenever a call publishes a version; awaited only where
 * the pages are served.
 */
export function createServedPages({
  calls,
  built,
  embedOrigins,
}: {
  calls: LiveCalls;
  built: BuiltWizard;
  embedOrigins: readonly string[];
}) {
  const served = new WeakMap<LiveForm, ServedForm>();
  const servedFor = (form: LiveForm): ServedForm => {
    let pages = served.get(form);
    if (!pages) {
      pages = serveForm(form, built, embedOrigins);
      served.set(form, pages);
    }
    return pages;
  };
  const servedOwn = (form: LiveForm) =>
    servedFor(form).inLanguage(form.config.lang).pages();
  for (const call of calls.all()) void servedOwn(call.form);
  calls.onChange((_slug, form) => void servedOwn(form));
  /** The default call's form: the one `/` serves, whose look and texts the workspace takes. */
  const current = () => calls.byDefault().form;
  /** A form's page in the language a request is shown in. */
  const servedIn = (form: LiveForm, request: FastifyRequest): ServedLanguage =>
    servedFor(form).inLanguage(pageLanguageOf(form.config, askingOf(request)));

  return {
    servedIn,
    /** The default call's page in its own language, once it is made. */
    defaultPage: () => servedOwn(current()),
    /** The workspace's one page. */
    reviewPage: () => servedFor(current()).reviewPage,
    /** The headers of the form a request is answered with (a call's page: that call's). */
    headersFor: (request: FastifyRequest): SetHeaders => {
      const slug = /^\/apply\/([^/?#]+)/.exec(request.url)?.[1];
      const call = slug === undefined ? undefined : calls.get(slug);
      const page = servedIn(call ? call.form : current(), request);
      if (wizardPagePattern.test(request.url)) return page.wizardHeaders;
      // The form editor shows its preview in a frame of the workspace; nothing else may frame it.
      if (request.url.split('?')[0] === formPreviewPath)
        return page.previewHeaders;
      return page.setHeaders;
    },
  };
}

export type ServedPages = ReturnType<typeof createServedPages>;
