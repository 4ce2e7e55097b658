import type { ConfigParseResult, WizardConfig } from '#engine/config-schema.ts';

/**
 * The configuration the server wrote into the page. The server parsed it with the engine's schema
 * at start-up and embeds that parse's output, defaults applied, so the browser takes it as it is:
 * parsing it again cost the first page's script about a third of its evaluation on a slow phone.
 */
export function readConfigFromPage(doc: Document): ConfigParseResult {
  const element = doc.getElementById('wizard-config');
  if (!element?.textContent)
    return {
      ok: false,
      problems: ['the page carries no wizard configuration'],
    };
  try {
    return {
      ok: true,
      config: JSON.parse(element.textContent) as WizardConfig,
    };
  } catch {
    return {
      ok: false,
      problems: ['the wizard configuration is not valid JSON'],
    };
  }
}

/**
 * The number of the form version the server wrote into the page (`data-version`), which the
 * application is sent with; null when the page carries none (the development server's).
 */
export function readFormVersion(doc: Document): number | null {
  const text = doc.getElementById('wizard-config')?.dataset.version;
  return text && /^[0-9]+$/.test(text) ? Number(text) : null;
}
