import type { WizardConfig } from '#engine/config-schema.ts';
import { draftStorageKey } from '#engine/draft-key.ts';
import { directionOf, languagesOf } from '#engine/languages/language-tags.ts';
import { coverSizes } from '#engine/layout.ts';
import { coverIndexFor, stepSlugOf } from '#engine/navigation.ts';
import { reviewPageConfigOf } from '#engine/review-page.ts';
import { themeStylesheet } from '#engine/theme.ts';

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => htmlEscapes[character] ?? character,
  );
}

/**
 * The configuration the browser needs: without the notifications, which name staff addresses, the
 * retention policy, which only the server applies, and the translations, of which the page carries
 * only its own language's, already written into the form.
 */
export function browserConfigOf(config: WizardConfig): WizardConfig {
  const {
    notifications: _serverOnly,
    retention: _serverPolicy,
    translations: _otherLanguages,
    ...browserConfig
  } = config;
  return { ...browserConfig, translations: {} };
}

/** ASVS 1.2.3: JSON inside a script element must not be able to close it or start a comment. */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What the build adds to the page: its stylesheet and the first step's markup. */
export type BuiltParts = {
  stylesheet: string;
  firstStep: string;
  entry: string | null;
};

/**
 * The page's one inline style element: the theme's colours, then the build's stylesheet, so the
 * first paint needs no request beyond the page. The Content-Security-Policy allows it by its hash.
 */
export function inlineStyleOf(
  config: WizardConfig,
  stylesheet: string,
): string {
  return `${themeStylesheet(config.theme)}${stylesheet}`;
}

/**
 * The page's one inline script, allowed by the Content-Security-Policy by its hash.
 * - The wizard's module starts once the page has loaded and painted: the server-rendered Welcome
 *   step and its cover are on screen by then, without sharing the network with the script on a slow
 *   connection.
 * - A tab that reloads on a later step instead hides the prerendered Welcome step before the first
 *   paint (styles.css, `[data-resuming]`), preloads that step's cover, and starts the module at once.
 * - A Continue pressed before the module has taken over starts it at once and is pressed again then.
 * Without a built entry (the development server), the page's own script tag stays.
 */
export function pageScriptOf(
  config: WizardConfig,
  entry: string | null,
): string {
  const json = serializeJsonForScript;
  const covers = config.steps.map((_step, index) => {
    const cover =
      config.coverImages[coverIndexFor(index, config.coverImages.length)];
    const preferred = cover?.sources[0];
    return (
      cover && {
        href: cover.src,
        ...(preferred && { srcset: preferred.srcset, type: preferred.type }),
      }
    );
  });
  const start = entry
    ? `var started=false;function start(){if(started)return;started=true;var s=document.createElement('script');s.type='module';s.src=${json(entry)};document.head.appendChild(s)}`
    : 'function start(){}';
  return [
    '(function(){',
    keptLanguageScript(config),
    start,
    'var root=document.documentElement;',
    // A page asked for as a frame's content but opened on its own is the full page: it must scroll.
    'if(self===top)delete root.dataset.embedded;',
    // A Continue pressed before the wizard runs is kept, not sent as a plain form: the wizard
    // presses it again once it has taken over the page. React, hydrated but not yet taken over,
    // never sees it, or that one Continue would count twice.
    "addEventListener('submit',function(e){if(!('ready' in root.dataset)){e.preventDefault();e.stopPropagation();root.dataset.pendingSubmit='';start()}},true);",
    // The step the wizard starts on, as startStepOf decides it: the last once sent, else the one
    // the address names, else the tab's, but never the thank-you step of an application not sent.
    `var step=0,d=null;try{d=JSON.parse(sessionStorage.getItem(${json(draftStorageKey(config.pageId))}))}catch(e){}`,
    `var q=new URLSearchParams(location.search).get('step'),n=q?${json(config.steps.map((step) => stepSlugOf(step.name)))}.indexOf(q):-1;`,
    `var last=${config.steps.length - 1};step=d&&d.sent?last:n>0?n:d?d.stepIndex|0:0;`,
    `if(step>=last&&!(d&&d.sent)&&${!config.skipFinalStep})step=last-1;`,
    `if(step>0){root.dataset.resuming='';var c=${json(covers)}[Math.min(step,${covers.length - 1})];`,
    `if(c){var l=document.createElement('link');l.rel='preload';l.as='image';l.fetchPriority='high';l.href=c.href;if(c.srcset){l.imageSrcset=c.srcset;l.imageSizes=${json(coverSizes)};l.type=c.type}document.head.appendChild(l)}start()}`,
    // After the frame that paints the loaded page, so the module's download never counts toward the
    // first paint; a tab in the background, which paints nothing, starts it 100 ms after load.
    "else{var later=function(){requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,100)};if(document.readyState==='complete')later();else addEventListener('load',later)}",
    '})()',
  ].join('');
}

/** The sessionStorage key of the language a tab chose for a form, kept for the visit. */
const languageStorageKey = (pageId: string) => `wizard-language:${pageId}`;

/**
 * The language chosen in the switch stays for the visit: a page asked for in a language
 * (`?lang=`) notes it for the tab, and a later page of the form without one (a link back to `/`)
 * loads again in the noted language before it paints. Nothing for a form of one language.
 */
function keptLanguageScript(config: WizardConfig): string {
  const languages = languagesOf(config);
  if (languages.length < 2) return '';
  const json = serializeJsonForScript;
  return [
    `var u=new URL(location.href),k=${json(languageStorageKey(config.pageId))};`,
    `try{if(u.searchParams.has('lang'))sessionStorage.setItem(k,${json(config.lang)});`,
    `else{var kept=sessionStorage.getItem(k);if(kept&&kept!==${json(config.lang)}&&${json(languages)}.indexOf(kept)>=0){u.searchParams.set('lang',kept);location.replace(u.href);return}}}catch(e){}`,
  ].join('');
}

/**
 * The `<html>` attribute of the page served as a frame's content on another site: the stylesheet
 * then sizes the page by its content and leaves out the page's own logo and footer, unless the
 * form keeps them (its value names those kept).
 */
function embeddedAttribute(config: WizardConfig): string {
  const kept = (['logo', 'footer'] as const).filter(
    (part) => config.embed[part],
  );
  return ` data-embedded="${kept.join(' ')}"`;
}

/**
 * Writes the title, `lang` and `dir`, the inline style, a preload of the first cover, the first step's markup
 * and the configuration into the page, so the first paint needs no script and no extra request.
 * The configuration carries the number of the form version it is (`data-version`), which the wizard
 * sends with the application, so it is checked by the rules it was answered under; the development
 * server's page has none. The page for a frame (`isEmbedded`) differs only by an attribute, so its
 * inline script and style, and the hashes that allow them, are the same.
 */
export function renderIndexHtml(
  template: string,
  config: WizardConfig,
  built: BuiltParts = { stylesheet: '', firstStep: '', entry: null },
  version?: number,
  isEmbedded = false,
): string {
  const cover = config.coverImages[0];
  const preferred = cover?.sources[0];
  const preload = cover
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(cover.src)}"${
        preferred
          ? ` imagesrcset="${escapeHtml(preferred.srcset)}" imagesizes="${coverSizes}" type="${preferred.type}"`
          : ''
      } />`
    : '';
  const head = `<script>${pageScriptOf(config, built.entry)}</script><style>${inlineStyleOf(config, built.stylesheet)}</style>${preload}`;
  // Replacer functions, not strings: `$&` and the like in a title must stay text.
  return template
    .replace(
      /<html lang="[^"]*">/,
      () =>
        `<html lang="${escapeHtml(config.lang)}" dir="${directionOf(config.lang)}"${isEmbedded ? embeddedAttribute(config) : ''}>`,
    )
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(config.title)}</title>`,
    )
    .replace('<!--wizard-head-->', () => head)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${built.firstStep}</div>`,
    )
    .replace(
      '<!--wizard-config-->',
      () =>
        `<script type="application/json" id="wizard-config"${version === undefined ? '' : ` data-version="${version}"`}>${serializeJsonForScript(browserConfigOf(config))}</script>`,
    );
}

/**
 * The staff workspace's page: its language, a title naming the organisation, the theme's colours
 * (the same style element as the wizard's page minus the wizard's stylesheet) and what it needs of
 * the configuration.
 */
export function renderReviewHtml(
  template: string,
  config: WizardConfig,
): string {
  const pageConfig = reviewPageConfigOf(config);
  return template
    .replace(
      /<html lang="[^"]*">/,
      () => `<html lang="${escapeHtml(pageConfig.lang)}">`,
    )
    .replace(
      /<title>[^<]*<\/title>/,
      () =>
        `<title>Applications · ${escapeHtml(pageConfig.organisation)}</title>`,
    )
    .replace(
      '<!--review-head-->',
      () => `<style>${inlineStyleOf(config, '')}</style>`,
    )
    .replace(
      '<!--review-config-->',
      () =>
        `<script type="application/json" id="review-config">${serializeJsonForScript(pageConfig)}</script>`,
    );
}
