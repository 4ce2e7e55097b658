import Negotiator from 'negotiator';
import type { WizardConfig } from '#engine/config-schema.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';
import { localizeConfig } from '#engine/languages/localize.ts';

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

const localized = new WeakMap<WizardConfig, Map<string, WizardConfig>>();

/**
 * A form as read in a language, made once per form version and language: a page's headers and its
 * compressed text are kept per form object, so each request must get the same one.
 */
export function localizedFor(config: WizardConfig, tag: string): WizardConfig {
  const byLanguage = localized.get(config) ?? new Map<string, WizardConfig>();
  localized.set(config, byLanguage);
  let form = byLanguage.get(tag);
  if (!form) {
    form = localizeConfig(config, tag);
    byLanguage.set(tag, form);
  }
  return form;
}

type Request = Parameters<typeof askingOf>[0];

/** A form as the visitor making `request` reads it. */
export const pageConfigFor = (config: WizardConfig, request: Request) =>
  localizedFor(config, pageLanguageOf(config, askingOf(request)));
