import type { FastifyInstance } from 'fastify';
import type { WizardConfig } from '#engine/config-schema.ts';
import type { PublicPageSender } from './call-list-routes.ts';
import { mePageTextsOf } from './me-page-language.ts';
import { askingOf, localizedFor, pageLanguageOf } from './page-language.ts';
import { renderMePage } from './me-page.ts';

export type MePageOptions = {
  /** The default call's form, whose look and words the page takes. */
  site: () => WizardConfig;
  /** The wizard's built stylesheet, which the page inlines as the wizard's page does. */
  stylesheet: string;
  /** The address of the page's built script. */
  entry: string;
  send: PublicPageSender;
};

/**
 * `GET /me`, the applicant's own page, in the applicant's language, chosen as the wizard's is.
 * Never stored by a cache: its address may carry a sign-in token, and what it shows depends on who
 * is signed in. The access log writes paths without their query, so the token never reaches it.
 */
export async function mePageRoute(
  app: FastifyInstance,
  options: MePageOptions,
) {
  app.get<{ Querystring: { lang?: unknown } }>(
    '/me',
    async (request, reply) => {
      const site = options.site();
      const language = pageLanguageOf(site, askingOf(request));
      // The form as read in that language: its header, footer and words, and `<html lang>`.
      const config = localizedFor(site, language);
      const page = renderMePage(
        { config, stylesheet: options.stylesheet },
        options.entry,
        mePageTextsOf(language),
      );
      return options.send(request, reply, page, config, 'no-store');
    },
  );
}
