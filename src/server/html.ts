import type { WizardConfig } from '#engine/config-schema.ts';
import { coverSizes } from '#engine/layout.ts';

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

/**
 * Writes the title, `lang`, the configuration and a preload of the first cover into the page,
 * so the first paint needs no extra request and the title is right without JavaScript.
 */
export function renderIndexHtml(
  template: string,
  config: WizardConfig,
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
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeHtml(config.lang)}">`)
    .replace(
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(config.title)}</title>`,
    )
    .replace('<!--wizard-head-->', preload)
    .replace(
      '<!--wizard-config-->',
      `<script type="application/json" id="wizard-config">${serializeJsonForScript(config)}</script>`,
    );
}
