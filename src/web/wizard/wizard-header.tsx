import { Logo } from '#web/components/logo.tsx';
import type { WizardConfig } from '#engine/config-schema.ts';
import { canGoBack } from '#engine/navigation.ts';
import type { Texts } from '#engine/texts.ts';
import { LanguageSwitch } from './language-switch.tsx';

/** The back arrow (on steps that have a Back), the logo and the language switch above the step. */
export function WizardHeader({
  config,
  texts,
  stepIndex,
  onBack,
}: {
  config: WizardConfig;
  texts: Texts;
  stepIndex: number;
  onBack: () => void;
}) {
  return (
    <header
      className={`wizard__header${config.centerLogo ? ' wizard__header--centered' : ''}`}
    >
      {canGoBack(stepIndex, config.steps.length) && (
        <button
          type="button"
          className={`back-arrow back-arrow--${config.styleConfig.backArrowStyle}`}
          aria-label={texts.back}
          onClick={onBack}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
      {config.showLogo && config.logo && (
        <Logo logo={config.logo} className="logo" />
      )}
      <LanguageSwitch config={config} label={texts.language} />
    </header>
  );
}
