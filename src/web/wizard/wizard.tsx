import { Activity, useMemo, useRef, useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { isFieldBlock } from '#web/blocks/block-registry.ts';
import { readDraft } from '#web/lib/session-draft.ts';
import { resolveWizardTexts } from '#engine/texts.ts';
import { Cover } from './cover.tsx';
import { StepBar } from './step-bar.tsx';
import { TextStep } from './text-step.tsx';
import { useFormModule } from './use-form-module.ts';
import { useStepFocus } from './use-step-focus.ts';
import { useStepTracking } from './use-step-tracking.ts';
import { WizardFooter } from './wizard-footer.tsx';
import { WizardHeader } from './wizard-header.tsx';

/** The wizard's frame around the current step, which it keeps across a reload of the tab. */
export function Wizard({ config }: { config: WizardConfig }) {
  const texts = useMemo(() => resolveWizardTexts(config), [config]);
  const [draft] = useState(() => readDraft(config.pageId));
  const lastStep = config.steps.length - 1;
  const [stepIndex, setStepIndex] = useState(() =>
    Math.min(Math.max(draft?.stepIndex ?? 0, 0), lastStep),
  );
  const step = config.steps[stepIndex];
  const needsForm =
    stepIndex > 0 || (config.steps[0]?.blocks.some(isFieldBlock) ?? false);
  const form = useFormModule(config, needsForm);
  // Welcome is text only. Once the form is loaded, the next step is rendered beside it, hidden and
  // at low priority, so Continue only reveals it: its heading and fields appear in one frame, fast.
  const showsTextStep = !needsForm;
  const content = useRef<HTMLDivElement>(null);
  useStepTracking(config, stepIndex);
  useStepFocus(stepIndex, content, form !== null);

  const goBack = () => setStepIndex((current) => Math.max(current - 1, 0));
  return (
    <div
      className={`wizard${step?.styles.grayBg ? ' wizard--gray' : ''}${stepIndex === 0 ? ' wizard--first' : ''}`}
    >
      <Cover covers={config.coverImages} stepIndex={stepIndex} />
      <div className="wizard__content" ref={content}>
        <WizardHeader
          config={config}
          texts={texts}
          stepIndex={stepIndex}
          onBack={goBack}
        />
        <StepBar steps={config.steps} current={stepIndex} texts={texts} />
        <main className="wizard__main">
          {showsTextStep && (
            <TextStep
              config={config}
              texts={texts}
              stepIndex={stepIndex}
              onContinue={() => setStepIndex(stepIndex + 1)}
              onBack={goBack}
            />
          )}
          {form ? (
            <Activity mode={showsTextStep ? 'hidden' : 'visible'}>
              <form.FormWizard
                config={config}
                texts={texts}
                stepIndex={showsTextStep ? stepIndex + 1 : stepIndex}
                goTo={setStepIndex}
                onBack={goBack}
                draft={draft}
              />
            </Activity>
          ) : (
            needsForm && <div className="step step--loading" aria-busy="true" />
          )}
        </main>
        <WizardFooter config={config} step={step} texts={texts} />
      </div>
    </div>
  );
}
