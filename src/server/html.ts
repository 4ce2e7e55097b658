import type { WizardConfig } from '#engine/config-schema.ts';
import { draftStorageKey } from '#engine/draft-key.ts';
import { coverSizes } from '#engine/layout.ts';
import { reviewPageConfigOf } from '#engine/review-page.ts';
import { themeStylesheet } from '#engine/theme.ts';

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => htmlEscapes[character] ?? character,
  );
}

/** ASVS 1.2.3: JSON inside a script element must not be able to close it or start a comment. */
function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What the build adds to the page: its stylesheet and the first step's markup. */
export type BuiltParts = { stylesheet: string; firstStep: string };

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
 * The page's one inline script. A tab that reloads on a later step would otherwise show the
 * prerendered Welcome step until the wizard's script replaces it; this hides it before the first
 * paint instead (styles.css, `[data-resuming]`). The Content-Security-Policy allows it by its hash.
 */
export function resumeScriptOf(config: WizardConfig): string {
  const key = serializeJsonForScript(draftStorageKey(config.pageId));
  return `try{if(JSON.parse(sessionStorage.getItem(${key})).stepIndex>0)document.documentElement.dataset.resuming=""}catch(e){}`;
}

/**
 * Writes the title, `lang`, the inline style, a preload of the first cover, the first step's markup
 * and the configuration into the page, so the first paint needs no script and no extra request.
 */
export function renderIndexHtml(
  template: string,
  config: WizardConfig,
  built: BuiltParts = { stylesheet: '', firstStep: '' },
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
  const head = `<script>${resumeScriptOf(config)}</script><style>${inlineStyleOf(config, built.stylesheet)}</style>${preload}`;
  // Replacer functions, not strings: `$&` and the like in a title must stay text.
  return template
    .replace(
      /<html lang="[^"]*">/,
      () => `<html lang="${escapeHtml(config.lang)}">`,
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
        `<script type="application/json" id="wizard-config">${serializeJsonForScript(config)}</script>`,
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
