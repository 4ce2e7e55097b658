import {
  applicantPageTexts,
  type ApplicantPageTexts,
} from '#engine/applicant-page-texts.ts';
import { reviewPageConfigOf } from '#engine/review-page.ts';
import { escapeHtml, serializeJsonForScript } from '../html.ts';
import {
  documentOf,
  footerOf,
  headerOf,
  type PageLook,
  type PublicPage,
} from './call-pages.ts';
import { mePageStyles } from './me-page-styles.ts';

/**
 * `/me`, the applicant's own page: the organisation's header and footer and the page's heading,
 * written here; its texts as data; and its script (`entry`), which asks for a sign-in link, spends
 * one, and lists the applications with what can be done to each. Without script it says it needs it.
 */
export function renderMePage(
  look: PageLook,
  entry: string,
  texts: ApplicantPageTexts = applicantPageTexts,
): PublicPage {
  const { config } = look;
  return documentOf(
    { ...look, stylesheet: `${look.stylesheet}${mePageStyles}` },
    {
      title: `${texts.heading} · ${reviewPageConfigOf(config).organisation}`,
      description: texts.signInIntro,
    },
    [
      '<div class="calls me">',
      headerOf(config),
      '<main class="me__main">',
      `<h1 class="step__heading" tabindex="-1" data-key="heading">${escapeHtml(texts.heading)}</h1>`,
      `<div id="me-content"><noscript><p class="step__notice">${escapeHtml(texts.noScript)}</p></noscript></div>`,
      '</main>',
      footerOf(config),
      '</div>',
      `<script type="application/json" id="me-texts">${serializeJsonForScript(texts)}</script>`,
      `<script type="module" src="${escapeHtml(entry)}"></script>`,
    ].join(''),
  );
}
