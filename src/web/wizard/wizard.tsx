import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { preload } from 'react-dom';
import type { WizardConfig } from '#engine/config-schema.ts';
import {
  canGoBack,
  continueActionFor,
  coverIndexFor,
} from '#engine/navigation.ts';
import { resolveTexts } from '#engine/texts.ts';
import { isFieldBlock } from '../blocks/block-registry.ts';
import { TextBlock } from '../blocks/text-block.tsx';
import { trackEvent } from '../lib/load-analytics.ts';
import { readDraft } from '../lib/session-draft.ts';
import type * as FormWizardModule from './form-wizard.tsx';
import { StepBar } from './step-bar.tsx';
import { stepHeadingId, StepView } from './step-view.tsx';

type FormModule = typeof FormWizardModule;
let formModule: Promise<FormModule> | null = null;
const loadFormModule = () => (formModule ??= import('./form-wizard.tsx'));

const mobileQuery = '(max-width: 576px)';

const themeProperties = {
  brand: '--color-brand',
  text: '--color-text',
  muted: '--color-muted',
  error: '--color-error',
  surface: '--color-surface',
  surfaceGray: '--color-surface-gray',
} as const;

/** DESIGN "Visual system": the configuration's colours override the stylesheet's custom properties. */
function themeStyle(theme: WizardConfig['theme']): CSSProperties {
  return Object.fromEntries(
    Object.entries(themeProperties).flatMap(([key, property]) => {
      const colour = theme[key as keyof typeof themeProperties];
      return colour ? [[property, colour]] : [];
    }),
  );
}

function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 200);
  return () => clearTimeout(handle);
}

/**
 * The wizard's frame: cover, logo, step bar, footer and the current step. The Welcome step renders
 * here without the form library; the form (react-hook-form, zod, country data, flags) loads on idle
 * and takes over from the first step that needs it.
 */
export function Wizard({ config }: { config: WizardConfig }) {
  const texts = useMemo(() => resolveTexts(config.texts), [config.texts]);
  const [draft] = useState(() => readDraft(config.pageId));
  const lastStep = config.steps.length - 1;
  const [stepIndex, setStepIndex] = useState(() =>
    Math.min(Math.max(draft?.stepIndex ?? 0, 0), lastStep),
  );
  const [form, setForm] = useState<FormModule | null>(null);
  const step = config.steps[stepIndex] ?? config.steps[0];
  const needsForm =
    stepIndex > 0 || (config.steps[0]?.blocks.some(isFieldBlock) ?? false);

  useEffect(() => {
    if (form) return;
    if (needsForm) {
      void loadFormModule().then(setForm);
      return;
    }
    return whenIdle(
      () =>
        void loadFormModule().then((module) =>
          module.preloadFormBlocks(config),
        ),
    );
  }, [needsForm, form, config]);

  // Specification §4 and §7: each step is tracked as reached once, however often the applicant goes back.
  const reachedSteps = useRef(new Set<number>());
  useEffect(() => {
    if (reachedSteps.current.has(stepIndex)) return;
    reachedSteps.current.add(stepIndex);
    const action = continueActionFor(
      stepIndex,
      config.steps.length,
      config.skipFinalStep,
    );
    trackEvent('Step Reached', {
      step: stepIndex + 1,
      sync: action === 'submitAndAdvance' || action === 'submitAndRedirect',
      steps: config.steps.length,
    });
  }, [stepIndex, config]);

  // CONTRACT §5: focus moves to the new step's heading. Specification §2: on mobile a later step scrolls
  // the page past the cover, keeping the back arrow and logo above the heading in view.
  const content = useRef<HTMLDivElement>(null);
  const focusedStep = useRef(stepIndex);
  useEffect(() => {
    if (focusedStep.current === stepIndex) return;
    const heading = document.getElementById(stepHeadingId);
    if (!heading) return;
    focusedStep.current = stepIndex;
    heading.focus({ preventScroll: true });
    if (window.matchMedia(mobileQuery).matches && stepIndex > 0)
      content.current?.scrollIntoView({ block: 'start' });
    else window.scrollTo({ top: 0 });
  }, [stepIndex, form]);

  const goBack = () => setStepIndex((current) => Math.max(current - 1, 0));
  const cover =
    config.coverImages[coverIndexFor(stepIndex, config.coverImages.length)];
  const coverSizes = `${mobileQuery} 100vw, 45vw`;

  // The next step's cover loads while this step is filled in, so it never appears blank.
  const nextCover =
    config.coverImages[coverIndexFor(stepIndex + 1, config.coverImages.length)];
  if (nextCover && nextCover !== cover) {
    const source = nextCover.sources[0];
    preload(nextCover.src, {
      as: 'image',
      fetchPriority: 'low',
      ...(source && {
        imageSrcSet: source.srcset,
        imageSizes: coverSizes,
        type: source.type,
      }),
    });
  }
  const links = config.footerLinks;

  return (
    <div
      className={`wizard${step?.styles.grayBg ? ' wizard--gray' : ''}`}
      style={themeStyle(config.theme)}
    >
      {cover && (
        <div className="wizard__cover">
          <picture key={cover.src}>
            {cover.sources.map((source) => (
              <source
                key={source.type}
                type={source.type}
                srcSet={source.srcset}
                sizes={coverSizes}
              />
            ))}
            <img
              className="wizard__cover-image"
              src={cover.src}
              alt={cover.alt}
              width={cover.width}
              height={cover.height}
              fetchPriority={stepIndex === 0 ? 'high' : 'auto'}
              decoding="async"
            />
          </picture>
        </div>
      )}
      <div className="wizard__content" ref={content}>
        <header
          className={`wizard__header${config.centerLogo ? ' wizard__header--centered' : ''}`}
        >
          {canGoBack(stepIndex, config.steps.length) && (
            <button
              type="button"
              className={`back-arrow back-arrow--${config.styleConfig.backArrowStyle}`}
              aria-label={config.buttonText.back ?? texts.back}
              onClick={goBack}
            >
              <svg
                viewBox="0 0 24 24"
                width="24"
                height="24"
                aria-hidden="true"
              >
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
            <img
              className="logo"
              src={config.logo.src}
              alt={config.logo.alt}
              width={config.logo.width}
              height={config.logo.height}
            />
          )}
        </header>
        <StepBar steps={config.steps} current={stepIndex} texts={texts} />
        <main className="wizard__main">
          {form ? (
            <form.FormWizard
              config={config}
              texts={texts}
              stepIndex={stepIndex}
              goTo={setStepIndex}
              onBack={goBack}
              draft={draft}
            />
          ) : needsForm ? (
            <div className="step step--loading" aria-busy="true" />
          ) : (
            <StepView
              config={config}
              texts={texts}
              stepIndex={stepIndex}
              onContinue={() => setStepIndex(stepIndex + 1)}
              onBack={goBack}
              isBusy={false}
              hasServerError={false}
            >
              {step?.blocks.map((block, index) =>
                block.component === 'text' ||
                block.component === 'sectionHeading' ? (
                  <TextBlock
                    key={index}
                    block={block}
                    placeholders={{ email: '' }}
                  />
                ) : null,
              )}
            </StepView>
          )}
        </main>
        {(step?.footer || links.length > 0) && (
          <footer
            className={`wizard__footer${config.centerFooterText ? ' wizard__footer--centered' : ''}`}
          >
            {step?.footer && (
              <p className="wizard__footer-text">{step.footer}</p>
            )}
            {links.length > 0 && (
              <ul className="wizard__footer-links">
                {links.map((link) => (
                  <li key={link.url}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {link.title}
                      <span className="visually-hidden">
                        {' '}
                        {texts.opensInNewTab}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </footer>
        )}
      </div>
    </div>
  );
}
