import { useMemo, useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { localizeConfig } from '#engine/languages/localize.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';

/** The language the preview shows a form in, and the form as read in it. */
export function usePreviewLanguage(config: WizardConfig) {
  const [chosen, choose] = useState<string | null>(null);
  const languages = languagesOf(config);
  // A language the form no longer offers shows as its own.
  const tag =
    chosen !== null && languages.includes(chosen) ? chosen : config.lang;
  const shown = useMemo(() => {
    if (tag === config.lang) return config;
    // The preview shows one language and offers no switch; a form whose own language is the one
    // shown lists no others, as the check requires of the first of its languages.
    const { languages: _others, ...localized } = localizeConfig(config, tag);
    return localized;
  }, [config, tag]);
  return { config: shown, tag, languages, choose };
}

export type PreviewLanguage = ReturnType<typeof usePreviewLanguage>;
