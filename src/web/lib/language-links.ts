import { embedParameter } from '#engine/embed/embed-protocol.ts';

/** The address's query parameter that names the language a page is shown in. */
const languageParameter = 'lang';

/**
 * The parameters a step's address keeps from the current one: the language, so moving through the
 * steps, and reloading one, keeps the language the applicant chose; and the host page a frame's
 * page was asked for, so a reload inside the frame is still served for a frame.
 */
const keptParameters = [languageParameter, embedParameter];

/** A step's query (`?step=…` or empty) with the kept parameters the current address names. */
export function withKeptParameters(
  stepSearch: string,
  currentSearch: string,
): string {
  const current = new URLSearchParams(currentSearch);
  const query = new URLSearchParams(stepSearch);
  for (const name of keptParameters) {
    const value = current.get(name);
    if (value !== null) query.set(name, value);
  }
  const search = query.toString();
  return search ? `?${search}` : '';
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
