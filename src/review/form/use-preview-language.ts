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
    // The preview's own picker chooses the language: the page's switch, whose links load the
    // page again, has no place in it.
    const { languages: _switch, ...one } = localizeConfig(config, tag);
    return one;
  }, [config, tag]);
  return { config: shown, tag, languages, choose };
}

export type PreviewLanguage = ReturnType<typeof usePreviewLanguage>;
