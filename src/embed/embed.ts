import { placeForm } from './place-form.ts';

/**
 * The origins the server lets frame its form (`EMBED_ORIGINS`). `GET /embed.js` wraps this script
 * in a function that takes them as this parameter, so the script knows, without a request of its
 * own, whether the page it runs on may show the form in a frame.
 */
declare const embedOrigins: readonly string[];

// Read while this script runs: `currentScript` is null again once it has (even for an async script).
const script = document.currentScript;
if (script instanceof HTMLScriptElement) placeForm(script, embedOrigins);
