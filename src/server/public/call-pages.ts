import type { CallStatus } from '#engine/calls.ts';
import { callsPath } from '#engine/sync-page.ts';
import type { CoverImage, WizardConfig } from '#engine/config-schema.ts';
import { directionOf } from '#engine/languages/language-tags.ts';
import { coverSizes } from '#engine/layout.ts';
import { reviewPageConfigOf } from '#engine/review-page.ts';
import { interpolate, resolveWizardTexts } from '#engine/texts.ts';
import { escapeHtml, inlineStyleOf } from '../html.ts';
import { callPageStyles } from './call-page-styles.ts';

/** One open call as the list of open calls shows it. */
export type PublicCallCard = {
  slug: string;
  title: string;
  /** One paragraph; empty when the call has none. */
  summary: string;
  /** An ISO instant, or null for a call open until further notice. */
  closesAt: string | null;
  /** The first cover of the call's form. */
  cover: CoverImage | null;
};

/**
 * The look and words a page takes from a form: its language, texts, theme, logo and footer, with the
 * wizard's built stylesheet. Dates are written in `timeZone` (by default the server's, which the
 * `TZ` environment variable sets).
 */
export type PageLook = {
  config: WizardConfig;
  stylesheet: string;
  timeZone?: string | undefined;
};

/** A call that is not open: scheduled (until `opensAt`) or closed. */
export type UnavailableCall = {
  title: string;
} & ({ status: 'scheduled'; opensAt: string } | { status: 'closed' });

/** Why a call takes no application now, for its page and its refusals; null while it is open. */
export function unavailableCallOf(
  call: { title: string; opensAt: string | null },
  status: CallStatus,
): UnavailableCall | null {
  if (status === 'open') return null;
  return status === 'scheduled'
    ? { title: call.title, status, opensAt: call.opensAt ?? '' }
    : { title: call.title, status };
}

/** A whole page, and its one inline style, which the Content-Security-Policy allows by its hash. */
export type PublicPage = { html: string; style: string };

const applyPathOf = (slug: string) => `/apply/${slug}`;

/** The first cover of a form, which a call's card shows. */
const coverOfForm = (config: WizardConfig): CoverImage | null =>
  config.coverImages[0] ?? null;

/**
 * The card of a call: its slug, title and closing date, its summary (or, without one, its form's
 * first Welcome paragraph, which says what the call is), and its form's first cover.
 */
export function cardOfCall(
  call: Pick<PublicCallCard, 'slug' | 'title' | 'summary' | 'closesAt'>,
  config: WizardConfig,
): PublicCallCard {
  const paragraph = config.steps[0]?.blocks.find(
    (block) => block.component === 'text',
  );
  return {
    slug: call.slug,
    title: call.title,
    summary:
      call.summary ||
      (paragraph?.component === 'text' ? paragraph.data.text : ''),
    closesAt: call.closesAt,
    cover: coverOfForm(config),
  };
}

/** The page's one inline style: the theme, the wizard's stylesheet and these pages' own rules. */
export const publicPageStyleOf = ({ config, stylesheet }: PageLook) =>
  inlineStyleOf(config, `${stylesheet}${callPageStyles}`);

/** A date and time in words, in the page's language: "31 March 2027 at 23:59 CEST". */
function dateWords(
  iso: string,
  { config, timeZone }: Pick<PageLook, 'config' | 'timeZone'>,
): string {
  return new Intl.DateTimeFormat(config.lang, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone && { timeZone }),
  }).format(new Date(iso));
}

const timeElement = (iso: string, look: PageLook) =>
  `<time datetime="${new Date(iso).toISOString()}">${escapeHtml(dateWords(iso, look))}</time>`;

/** A text of the form with a `{name}` placeholder filled by markup; the text itself stays text. */
const textWith = (template: string, name: string, markup: string) =>
  interpolate(escapeHtml(template), { [name]: markup });

function pictureOf(
  cover: CoverImage,
  options: {
    pictureClass: string;
    imageClass: string;
    sizes: string;
    isFirst: boolean;
  },
): string {
  const sources = cover.sources
    .map(
      (source) =>
        `<source type="${source.type}" srcset="${escapeHtml(source.srcset)}" sizes="${options.sizes}">`,
    )
    .join('');
  // The first picture is likely the largest paint; the others wait until they near the screen.
  const loading = options.isFirst
    ? 'fetchpriority="high"'
    : 'loading="lazy" fetchpriority="low"';
  const classOf = (name: string) => (name ? ` class="${name}"` : '');
  return `<picture${classOf(options.pictureClass)}>${sources}<img${classOf(options.imageClass)} src="${escapeHtml(cover.src)}" alt="${escapeHtml(cover.alt)}" width="${cover.width}" height="${cover.height}" ${loading} decoding="async"></picture>`;
}

/** The organisation's logo at the top, as the wizard shows it. */
export function headerOf(config: WizardConfig): string {
  const { logo } = config;
  if (!config.showLogo || !logo) return '';
  return `<header class="wizard__header${config.centerLogo ? ' wizard__header--centered' : ''}"><img class="logo" src="${escapeHtml(logo.src)}" alt="${escapeHtml(logo.alt)}" width="${logo.width}" height="${logo.height}"></header>`;
}

/** The Welcome step's footer text and the form's links, as the wizard shows them on its first page. */
export function footerOf(config: WizardConfig): string {
  const text = config.steps[0]?.footer;
  const links = config.footerLinks;
  if (!text && links.length === 0) return '';
  const { opensInNewTab } = resolveWizardTexts(config);
  const items = links
    .map(
      (link) =>
        `<li><a href="${escapeHtml(link.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(link.title)}<span class="visually-hidden"> ${escapeHtml(opensInNewTab)}</span></a></li>`,
    )
    .join('');
  return `<footer class="wizard__footer${config.centerFooterText ? ' wizard__footer--centered' : ''}">${
    text ? `<p class="wizard__footer-text">${escapeHtml(text)}</p>` : ''
  }${items ? `<ul class="wizard__footer-links">${items}</ul>` : ''}</footer>`;
}

/** A whole public page around `body`, with the form's language and look. */
export function documentOf(
  look: PageLook,
  head: { title: string; description: string },
  body: string,
): PublicPage {
  const style = publicPageStyleOf(look);
  const html = [
    `<!doctype html><html lang="${escapeHtml(look.config.lang)}" dir="${directionOf(look.config.lang)}"><head>`,
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light">',
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<style>${style}</style></head><body>${body}</body></html>`,
  ].join('');
  return { html, style };
}

function cardOf(card: PublicCallCard, index: number, look: PageLook): string {
  const texts = resolveWizardTexts(look.config);
  const closes = card.closesAt
    ? textWith(texts.callCloses, 'date', timeElement(card.closesAt, look))
    : escapeHtml(texts.callOpenEnded);
  return [
    '<li class="call-card">',
    `<h2 class="call-card__title"><a href="${applyPathOf(encodeURIComponent(card.slug))}">${escapeHtml(card.title)}</a></h2>`,
    card.summary
      ? `<p class="call-card__summary">${escapeHtml(card.summary)}</p>`
      : '',
    `<p class="call-card__closes">${closes}</p>`,
    card.cover
      ? pictureOf(card.cover, {
          pictureClass: 'call-card__cover',
          imageClass: '',
          // The cards' column: the screen's width on a phone, else at most half the 1040 px list.
          sizes: '(max-width: 576px) 100vw, 500px',
          isFirst: index === 0,
        })
      : '',
    '</li>',
  ].join('');
}

/**
 * `/calls`: the organisation's open calls, each with its title, summary, closing date and cover,
 * linking to its form; in the look and words of `look`'s form (the default call's). Plain HTML with
 * no script, so it reads the same to a visitor without script and to a search engine.
 */
export function renderCallsPage(
  cards: readonly PublicCallCard[],
  look: PageLook,
): PublicPage {
  const { config } = look;
  const texts = resolveWizardTexts(config);
  const list =
    cards.length > 0
      ? `<ul class="calls__list">${cards.map((card, index) => cardOf(card, index, look)).join('')}</ul>`
      : `<p class="step__notice calls__none">${escapeHtml(texts.noOpenCalls)}</p>`;
  return documentOf(
    look,
    {
      title: `${texts.callsHeading} · ${reviewPageConfigOf(config).organisation}`,
      description: texts.callsIntro,
    },
    [
      '<div class="calls">',
      headerOf(config),
      '<main class="calls__main">',
      `<h1 class="step__heading">${escapeHtml(texts.callsHeading)}</h1>`,
      `<p class="step__text">${escapeHtml(texts.callsIntro)}</p>`,
      list,
      '</main>',
      footerOf(config),
      '</div>',
    ].join(''),
  );
}

/**
 * What `/apply/<slug>` shows for a call that is not open, in place of its form: the call's title,
 * its own text saying it is closed or when it opens, and a link to the open calls; in the look of
 * the call's form, beside its first cover as the wizard's first page has it. No form, no script.
 */
/** Why a call takes no application now, in its form's own words, as plain text. */
export function unavailableCallMessage(
  call: UnavailableCall,
  look: Pick<PageLook, 'config' | 'timeZone'>,
): string {
  const texts = resolveWizardTexts(look.config);
  return call.status === 'scheduled'
    ? interpolate(texts.callScheduled, {
        date: dateWords(call.opensAt, look),
      })
    : texts.callClosed;
}

export function renderUnavailableCallPage(
  call: UnavailableCall,
  look: PageLook,
): PublicPage {
  const { config } = look;
  const texts = resolveWizardTexts(config);
  const message =
    call.status === 'scheduled'
      ? textWith(texts.callScheduled, 'date', timeElement(call.opensAt, look))
      : escapeHtml(texts.callClosed);
  const cover = coverOfForm(config);
  const isGray = config.steps[0]?.styles.grayBg ?? false;
  return documentOf(
    look,
    {
      title: `${call.title} · ${reviewPageConfigOf(config).organisation}`,
      description: unavailableCallMessage(call, look),
    },
    [
      `<div class="wizard wizard--first${isGray ? ' wizard--gray' : ''}">`,
      cover
        ? `<aside class="wizard__cover">${pictureOf(cover, {
            pictureClass: '',
            imageClass: 'wizard__cover-image',
            sizes: coverSizes,
            isFirst: true,
          })}</aside>`
        : '',
      '<div class="wizard__content">',
      headerOf(config),
      '<main class="wizard__main">',
      `<h1 class="step__heading">${escapeHtml(call.title)}</h1>`,
      `<p class="step__text">${message}</p>`,
      `<p><a class="button button--primary call-page__link" href="${callsPath}">${escapeHtml(texts.seeOpenCalls)}</a></p>`,
      '</main>',
      footerOf(config),
      '</div></div>',
    ].join(''),
  );
}
