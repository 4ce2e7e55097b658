/** The address's query parameter that names the language a page is shown in. */
const languageParameter = 'lang';

/**
 * A step's query (`?step=…` or empty) with the language the current address names, so moving
 * through the steps, and reloading one, keeps the language the applicant chose.
 */
export function withLanguage(
  stepSearch: string,
  currentSearch: string,
): string {
  const lang = new URLSearchParams(currentSearch).get(languageParameter);
  if (lang === null) return stepSearch;
  const query = new URLSearchParams(stepSearch);
  query.set(languageParameter, lang);
  return `?${query}`;
}

/**
 * The address of the same page in another language: its other parameters kept (a campaign's
 * `utm_source`), its step dropped, as the page then opens on the step the tab was on.
 */
export function languageAddressOf(
  tag: string,
  location: { pathname: string; search: string; hash: string },
): string {
  const query = new URLSearchParams(location.search);
  query.delete('step');
  query.set(languageParameter, tag);
  return `${location.pathname}?${query}${location.hash}`;
}

/** The link's own address, which a page without script follows as it is. */
export const languageHrefOf = (tag: string) =>
  `?${new URLSearchParams({ [languageParameter]: tag })}`;
