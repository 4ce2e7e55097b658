import type { MouseEvent } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import {
  languageNameOf,
  languagesOf,
} from '#engine/languages/language-tags.ts';
import { languageAddressOf, languageHrefOf } from '#web/lib/language-links.ts';

/**
 * Follows a language's link to the same address in it, keeping the address's other parameters. The
 * page loads again in that language; the tab's answers and step come back from its draft.
 */
function openInLanguage(event: MouseEvent<HTMLAnchorElement>, tag: string) {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey
  )
    return;
  event.preventDefault();
  window.location.assign(languageAddressOf(tag, window.location));
}

/**
 * The form's languages, each named in itself ("Deutsch", "العربية"), the one shown first: plain
 * links, which work before the wizard's script has run. Nothing for a form of one language.
 */
export function LanguageSwitch({
  config,
  label,
}: {
  config: WizardConfig;
  /** What the switch chooses, for assistive technology: "Language: Deutsch". */
  label: string;
}) {
  const languages = languagesOf(config);
  if (languages.length < 2) return null;
  return (
    <details className="language-switch">
      <summary className="language-switch__current" lang={config.lang}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 0c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9m0-18C9.5 5.4 8.2 8.4 8.2 12s1.3 6.6 3.8 9M3.5 9h17M3.5 15h17"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
        </svg>
        <span className="visually-hidden">{label}: </span>
        {languageNameOf(config.lang)}
      </summary>
      <ul className="language-switch__list">
        {languages
          .filter((tag) => tag !== config.lang)
          .map((tag) => (
            <li key={tag}>
              <a
                href={languageHrefOf(tag)}
                lang={tag}
                hrefLang={tag}
                onClick={(event) => openInLanguage(event, tag)}
              >
                {languageNameOf(tag)}
              </a>
            </li>
          ))}
      </ul>
    </details>
  );
}
