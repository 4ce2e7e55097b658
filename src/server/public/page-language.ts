import Negotiator from 'negotiator';
import type { WizardConfig } from '#engine/config-schema.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';

type Asking = {
  /** The address's `?lang=`, the applicant's own choice (the page's language switch). */
  query: string | undefined;
  /** The browser's `Accept-Language` header. */
  acceptLanguage: string | undefined;
};

/**
 * The language a public page is shown in: the one the address asks for, else the first of the
 * browser's languages the form offers (`de-DE` takes `de`), else the form's own. Decided on the
 * server, so the first paint is already in it.
 */
export function pageLanguageOf(
  config: Pick<WizardConfig, 'lang' | 'languages'>,
  { query, acceptLanguage }: Asking,
): string {
  const languages = languagesOf(config);
  const own = languages[0] ?? config.lang;
  if (languages.length < 2) return own;
  const asked = query?.toLowerCase();
  const named = languages.find((tag) => tag.toLowerCase() === asked);
  if (named) return named;
  if (!acceptLanguage) return own;
  const [preferred] = new Negotiator({
    headers: { 'accept-language': acceptLanguage },
  }).languages([...languages]);
  return preferred ?? own;
}

/** What decides a request's language, read from it. */
export function askingOf(request: {
  query: unknown;
  headers: { 'accept-language'?: string | undefined };
}): Asking {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  return {
    query: typeof lang === 'string' ? lang : undefined,
    acceptLanguage: request.headers['accept-language'],
  };
}
