import {
  Activity,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { isFieldBlock } from '#web/blocks/block-registry.ts';
import { stepSearchOf } from '#engine/navigation.ts';
import { readDraft, startStepOf, type Draft } from '#web/lib/session-draft.ts';
import { resolveWizardTexts } from '#engine/texts.ts';
import { whenIdle } from '#web/lib/scheduling.ts';
import { Cover } from './cover.tsx';
import type { ChangedForm } from './form-change.ts';
import { StepBar } from './step-bar.tsx';
import { TextStep } from './text-step.tsx';
import { useFormModule } from './use-form-module.ts';
import { useStepFocus } from './use-step-focus.ts';
import { useStepHistory } from './use-step-history.ts';
import { useStepTracking } from './use-step-tracking.ts';
import { WizardFooter } from './wizard-footer.tsx';
import { WizardHeader } from './wizard-header.tsx';

/** How the wizard moves to a step: a new entry in the browser's history. */
export type GoTo = (stepIndex: number) => void;

/** Takes the wizard to the form served now, its answers resumed in it. */
export type OnFormChanged = (changed: ChangedForm) => void;

/**
 * The wizard of the form the page was served (`version`: its number, sent with the application). An
 * application refused because that form has changed since brings the form served now in its place,
 * started afresh on the step its answers resume at.
 */
export function Wizard({
  config,
  version = null,
}: {
  config: WizardConfig;
  version?: number | null;
}) {
  const [changed, setChanged] = useState<
    (ChangedForm & { count: number }) | null
  >(null);
  const onFormChanged = useCallback<OnFormChanged>(
    (next) =>
      setChanged((before) => ({ ...next, count: (before?.count ?? 0) + 1 })),
    [],
  );
  return (
    <WizardSteps
      key={changed?.count ?? 0}
      config={changed?.config ?? config}
      version={changed?.version ?? version}
      resumed={changed?.draft ?? null}
      onFormChanged={onFormChanged}
    />
  );
}

/**
 * The wizard's frame around the current step, which it keeps across a reload of the tab. Each step
 * is an entry of the browser's history (`?step=…`), so Back and Forward move between steps.
 */
function WizardSteps({
  config,
  version,
  resumed,
  onFormChanged,
}: {
  config: WizardConfig;
  version: number | null;
  /** The answers of a form that changed, resumed in this one: it starts on their step. */
  resumed: Draft | null;
  onFormChanged: OnFormChanged;
}) {
  const texts = useMemo(() => resolveWizardTexts(config), [config]);
  const [draft] = useState(() => resumed ?? readDraft(config.pageId));
  const [stepIndex, setStepIndex] = useState(() =>
    resumed
      ? resumed.stepIndex
      : // The server renders the first step, with no address to read.
        startStepOf(
          config,
          draft,
          typeof window === 'undefined' ? '' : window.location.search,
        ),
  );
  const addressOf = useCallback(
    (index: number) =>
      `${window.location.pathname}${stepSearchOf(config.steps, index)}`,
    [config],
  );
  const goTo = useCallback<GoTo>(
    (next) => {
      setStepIndex(next);
      window.history.pushState({ wizardStep: next }, '', addressOf(next));
    },
    [addressOf],
  );
  useStepHistory(config, stepIndex, setStepIndex, addressOf);
  const step = config.steps[stepIndex];
  const needsForm =
    stepIndex > 0 || (config.steps[0]?.blocks.some(isFieldBlock) ?? false);
  const form = useFormModule(config, needsForm);
  // Welcome is text only. Once the form is loaded, the next step is built beside it, hidden, in two
  // pieces of low-priority work: its elements first (in a hidden Activity, whose effects wait), then,
  // when the browser is idle, its fields' effects, with the step still hidden. Continue then only
  // reveals it: its heading and fields appear in one frame, fast, and no piece is a long task.
  const showsTextStep = !needsForm;
  const [isFormLive, setIsFormLive] = useState(false);
  useEffect(() => {
    if (form && !isFormLive)
      return whenIdle(() => startTransition(() => setIsFormLive(true)));
  }, [form, isFormLive]);
  const content = useRef<HTMLDivElement>(null);
  useStepTracking(config, stepIndex);
  // A form that changed under the applicant opens on a step of its choosing: its heading takes the
  // focus as after any step change.
  useStepFocus(stepIndex, content, form !== null, resumed !== null);

  // The page's Back is the browser's: the entry before is the step before.
  const goBack = useCallback(() => window.history.back(), []);
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
              onContinue={() => goTo(stepIndex + 1)}
              onBack={goBack}
            />
          )}
          {form ? (
            <Activity
              mode={showsTextStep && !isFormLive ? 'hidden' : 'visible'}
            >
              <form.FormWizard
                config={config}
                texts={texts}
                stepIndex={showsTextStep ? stepIndex + 1 : stepIndex}
                goTo={goTo}
                onBack={goBack}
                draft={draft}
                isShown={!showsTextStep}
                version={version}
                hasChanged={resumed !== null}
                onFormChanged={onFormChanged}
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
