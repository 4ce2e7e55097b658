import { useEffect, useState } from 'react';
import type * as EditorLocalization from './editor-localization.ts';

type Localization = typeof EditorLocalization;

/**
 * The editor's tools for a form's other languages, loaded the first time a form offers more than
 * one: they carry the product's own words in every language it ships, which a form of one
 * language never needs. Null until then.
 */
export function useLocalization(isNeeded: boolean): Localization | null {
  const [localization, setLocalization] = useState<Localization | null>(null);
  useEffect(() => {
    if (!isNeeded || localization) return;
    let isCurrent = true;
    void import('./editor-localization.ts').then(
      ({ localizeConfig, missingByLanguage }) => {
        if (isCurrent) setLocalization({ localizeConfig, missingByLanguage });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [isNeeded, localization]);
  return localization;
}
