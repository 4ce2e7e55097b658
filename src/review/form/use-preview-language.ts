import { useMemo, useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';
import type { useLocalization } from './use-localization.ts';

/**
 * The language the preview shows a form in, and the form as read in it: one language and no
 * switch, as the preview's own picker chooses the language and the page's switch, whose links load
 * the page again, has no place in it. Until the tools for other languages have loaded, the form's
 * own words.
 */
export function usePreviewLanguage(
  config: WizardConfig,
  localization: ReturnType<typeof useLocalization>,
) {
  const [chosen, choose] = useState<string | null>(null);
  const languages = languagesOf(config);
  // A language the form no longer offers shows as its own.
  const tag =
    chosen !== null && languages.includes(chosen) ? chosen : config.lang;
  const shown = useMemo(() => {
    const { languages: _switch, ...one } = localization
      ? localization.localizeConfig(config, tag)
      : { ...config, translations: {} };
    return one;
  }, [config, tag, localization]);
  return {
    config: shown,
    tag: localization ? tag : config.lang,
    languages,
    choose,
  };
}

export type PreviewLanguage = ReturnType<typeof usePreviewLanguage>;
