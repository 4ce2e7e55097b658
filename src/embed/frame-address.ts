import {
  attributionParameters,
  embedParameter,
} from '#engine/embed/embed-protocol.ts';
import {
  hiddenFieldNamePattern,
  partnerReference,
  reservedParameters,
} from '#engine/hidden-fields.ts';

/** What the host page's script element asks for, read from its attributes. */
export type EmbedRequest = {
  /** The address the script was loaded from: the form's server. */
  scriptSource: string;
  /** The call's slug (`data-call`); without it, the site's default form at `/`. */
  call: string | undefined;
  /** The partner's reference (`data-ref`). */
  ref: string | undefined;
  /** Hidden values the host page gives (`data-hidden-<name>`). */
  hidden: Array<[name: string, value: string]>;
};

/**
 * The form's address for a host page at `hostHref`: its campaign tags and click ids, the script's
 * `ref` and hidden values, as if they were in the form's own address. With `framed`, it also names
 * the host's origin, the only one the frame will post to; without, it is a link to the whole page.
 */
export function formAddressOf(
  request: EmbedRequest,
  hostHref: string,
  framed: boolean,
): URL {
  const host = new URL(hostHref);
  const address = new URL(
    request.call ? `/apply/${encodeURIComponent(request.call)}` : '/',
    request.scriptSource,
  );
  const search = address.searchParams;
  if (framed) search.set(embedParameter, host.origin);
  for (const name of attributionParameters) {
    const value = host.searchParams.get(name);
    if (value) search.set(name, value);
  }
  if (request.ref) search.set(partnerReference, request.ref);
  for (const [name, value] of request.hidden)
    if (
      hiddenFieldNamePattern.test(name) &&
      !(reservedParameters as readonly string[]).includes(name) &&
      !search.has(name)
    )
      search.set(name, value);
  return address;
}

const hiddenPrefix = 'data-hidden-';

/** Reads what a script element asks for from its `src` and `data-*` attributes. */
export function embedRequestOf(script: HTMLScriptElement): EmbedRequest {
  return {
    scriptSource: script.src,
    call: script.dataset.call || undefined,
    ref: script.dataset.ref || undefined,
    hidden: [...script.attributes]
      .filter((attribute) => attribute.name.startsWith(hiddenPrefix))
      .map((attribute) => [
        attribute.name.slice(hiddenPrefix.length),
        attribute.value,
      ]),
  };
}
