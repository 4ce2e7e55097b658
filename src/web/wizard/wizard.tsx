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
import {
  addressWithoutToken,
  fetchSavedDraft,
  resumeTokenOf,
} from '#web/lib/resume-draft.ts';
import { readDraft, startStepOf, type Draft } from '#web/lib/session-draft.ts';
import { resolveWizardTexts, type TextKey } from '#engine/texts.ts';
import { withKeptParameters } from '#web/lib/language-links.ts';
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
 * started afresh on the step its answers resume at. A link to saved answers (`?resume=<token>`)
 * brings them back the same way, on the step they were saved on.
 */
export function Wizard({
  config,
  version = null,
}: {
  config: WizardConfig;
  version?: number | null;
}) {
  const [changed, setChanged] = useState<
    | (Omit<ChangedForm, 'version'> & {
        version: number | null;
        count: number;
        isSaved?: boolean;
      })
    | null
  >(null);
  const onFormChanged = useCallback<OnFormChanged>(
    (next) =>
      setChanged((before) => ({ ...next, count: (before?.count ?? 0) + 1 })),
    [],
  );
  // Read before the first step takes the address, which drops the token.
  const [token] = useState(() =>
    typeof window === 'undefined' ? null : resumeTokenOf(location.search),
  );
  const [resumeProblem, setResumeProblem] = useState<TextKey | null>(null);
  useEffect(() => {
    if (!token) return;
    history.replaceState(history.state, '', addressWithoutToken(location));
    void fetchSavedDraft(config, token).then((outcome) => {
      if (outcome.kind !== 'resumed')
        setResumeProblem(
          outcome.kind === 'gone' ? 'resumeGone' : 'resumeFailed',
        );
      else
        setChanged((before) => ({
          config,
          version,
          draft: outcome.draft,
          isSaved: true,
          count: (before?.count ?? 0) + 1,
        }));
    });
    // Once per page: the token is gone from the address after.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <WizardSteps
      key={changed?.count ?? 0}
      config={changed?.config ?? config}
      version={changed?.version ?? version}
      resumed={changed?.draft ?? null}
      hasChanged={changed !== null && !changed.isSaved}
      resumeProblem={resumeProblem}
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
  hasChanged,
  resumeProblem,
  onFormChanged,
}: {
  config: WizardConfig;
  version: number | null;
  /** Answers brought back (of a form that changed, or saved by a link): it starts on their step. */
  resumed: Draft | null;
  /** Whether those answers were given to a form that has changed since, which the step then says. */
  hasChanged: boolean;
  /** Why a link's saved answers did not come back: the form then starts as usual. */
  resumeProblem: TextKey | null;
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
      `${window.location.pathname}${withKeptParameters(stepSearchOf(config.steps, index), window.location.search)}`,
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
  // Welcome is text only. Once the form is loaded, the next step is built beside it, hidden, in
  // pieces of low-priority work: its elements first (in a hidden Activity, whose effects wait), then,
  // when the browser is idle, the form's own effects, then its fields' effects a few fields at a
  // time (the form schedules those), with the step still hidden. Continue then only reveals it: its
  // heading and fields appear in one frame, fast, and no piece is a long task.
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
          {resumeProblem && (
            <p className="step__notice" role="alert">
              {texts[resumeProblem]}
            </p>
          )}
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
                hasChanged={hasChanged}
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
