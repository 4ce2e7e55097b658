import {
  parseWizardConfig,
  type ConfigParseResult,
} from '#engine/config-schema.ts';

/** The server writes the configuration into the page; the browser parses it again with the same schema. */
export function readConfigFromPage(doc: Document): ConfigParseResult {
  const element = doc.getElementById('wizard-config');
  if (!element?.textContent)
    return {
      ok: false,
      problems: ['the page carries no wizard configuration'],
    };
  try {
    return parseWizardConfig(JSON.parse(element.textContent));
  } catch {
    return {
      ok: false,
      problems: ['the wizard configuration is not valid JSON'],
    };
  }
}
