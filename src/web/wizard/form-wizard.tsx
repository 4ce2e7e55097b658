import {
  lazy,
  memo,
  startTransition,
  Suspense,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { FormProvider, useController } from 'react-hook-form';
import type { WizardConfig } from '#engine/config-schema.ts';
import type { Texts } from '#engine/texts.ts';
import { isFieldBlock, preloadBlocks } from '#web/blocks/block-registry.ts';
import { prepareApplicationForm } from '#web/lib/application-form.ts';
import { whenIdle } from '#web/lib/scheduling.ts';
import { ModelContext } from '#web/lib/model-context.ts';
import type { Draft } from '#web/lib/session-draft.ts';
import { inView, nextBuilt, type Built } from './live-steps.ts';
import { StepBlocks, stepChunks } from './step-blocks.tsx';
import { StepView } from './step-view.tsx';
import { useWizardForm } from './use-wizard-form.ts';
import type { GoTo, OnFormChanged } from './wizard.tsx';

/** Everything the form steps need before the first is shown: their blocks' code, the model and schema. */
export async function prepareFormSteps(config: WizardConfig): Promise<void> {
  await preloadBlocks(config.steps.flatMap((step) => step.blocks));
  // Building the model and its zod schema in a task of its own: with the blocks' evaluation it made
  // one long task on a slow phone, in which a click on Continue waited.
  await new Promise((resolve) => setTimeout(resolve, 0));
  prepareApplicationForm(config);
}

type FormWizardProps = {
  config: WizardConfig;
  texts: Texts;
  stepIndex: number;
  goTo: GoTo;
  onBack: () => void;
  draft: Draft | null;
  /** Whether the wizard shows this form now, rather than holding it hidden behind a text step. */
  isShown: boolean;
  /** The number of the form version the page was served, sent with the application. */
  version: number | null;
  /** Whether this form took the place of one that changed under the applicant. */
  hasChanged: boolean;
  onFormChanged: OnFormChanged;
};

/** The box that e-mails a link to the answers, loaded when the applicant first asks for it. */
const SaveLaterDialog = lazy(() =>
  import('./save-later-dialog.tsx').then((module) => ({
    default: module.SaveLaterDialog,
  })),
);

/** Does nothing: a hidden step's Continue cannot be pressed. */
const ignoreContinue = () => {};

function FormWizardSteps({
  config,
  texts,
  stepIndex,
  goTo,
  onBack,
  draft,
  isShown,
  version,
  hasChanged,
  onFormChanged,
}: FormWizardProps) {
  const {
    form,
    model,
    onContinue,
    isBusy,
    serverError,
    closedMessage,
    attention,
    notice,
    sentEmail,
  } = useWizardForm({
    config,
    stepIndex,
    goTo,
    draft,
    isShown,
    version,
    hasChanged,
    onFormChanged,
  });
  const firstFormStep = config.steps[0]?.blocks.some(isFieldBlock) ? 0 : 1;
  // Up to the step that sends: after it there is nothing left to save.
  const lastToSave = config.steps.length - (config.skipFinalStep ? 1 : 2);
  const [isSavingLater, setIsSavingLater] = useState(false);
  // The steps on either side of the current one are rendered too, hidden, so Continue and Back only
  // reveal one: its heading and every field appear in the next frame, on a slow phone too. They are
  // built when the browser is idle, in pieces of low-priority work, none a long task: their elements
  // (fields in hidden Activities, whose effects wait), then a few fields at a time going live
  // (registering with the form, subscribing to it). A click never waits for that work: the step it
  // shows is made whole and live at once, however far the work had come.
  const chunkCounts = useMemo(
    () => config.steps.map((step) => stepChunks(step.blocks, model).count),
    [config, model],
  );
  const position = useMemo(
    () => ({ stepIndex, isShown, chunkCounts, firstFormStep }),
    [stepIndex, isShown, chunkCounts, firstFormStep],
  );
  const [built, setBuilt] = useState<Built>(() => new Map());
  useEffect(() => {
    const next = nextBuilt(built, position);
    if (next) return whenIdle(() => startTransition(() => setBuilt(next)));
  }, [built, position]);
  const view = inView(built, position);
  // The context keeps the form's first state: the fields read only its methods there and subscribe
  // to their own state with useFormState, and a new state in it re-rendered every field of every
  // step rendered, all at once (when the form became ready, a long task on a slow phone).
  const [contextState] = useState(() => form.formState);
  return (
    <FormProvider {...form} formState={contextState}>
      <ModelContext value={model}>
        {[...view.keys()]
          .sort((a, b) => a - b)
          .map((index) => {
            const isCurrent = index === stepIndex;
            return (
              <StepView
                key={index}
                config={config}
                texts={texts}
                stepIndex={index}
                isHidden={!(isCurrent && isShown)}
                onContinue={
                  isCurrent ? () => void onContinue() : ignoreContinue
                }
                onBack={onBack}
                isBusy={isCurrent && isBusy}
                serverError={isCurrent ? serverError : null}
                closedMessage={isCurrent ? closedMessage : null}
                attention={isCurrent ? attention : null}
                notice={isCurrent ? notice : null}
                onSaveLater={
                  isCurrent && index <= lastToSave
                    ? () => setIsSavingLater(true)
                    : undefined
                }
              >
                <Suspense
                  fallback={<div className="step__loading" aria-busy="true" />}
                >
                  <StepBlocks
                    blocks={config.steps[index]?.blocks}
                    model={model}
                    stepIndex={index}
                    sentEmail={sentEmail}
                    liveChunks={view.get(index) ?? 0}
                  />
                </Suspense>
              </StepView>
            );
          })}
        <Honeypot label={texts.honeypotLabel} />
        {isSavingLater && (
          <Suspense fallback={null}>
            <SaveLaterDialog
              pageId={config.pageId}
              stepIndex={stepIndex}
              texts={texts}
              onClose={() => setIsSavingLater(false)}
            />
          </Suspense>
        )}
      </ModelContext>
    </FormProvider>
  );
}

/**
 * @public The wizard renders it from the module it imports on demand, which knip cannot follow.
 * Memoised: the wizard renders it hidden beside the Welcome step, and a re-render of the wizard's
 * frame alone does not reach the steps.
 */
export const FormWizard = memo(FormWizardSteps);

/** A field people never see or reach but form-filling bots fill in, so the server can tell them apart. */
function Honeypot({ label }: { label: string }) {
  // Controlled rather than registered: the input carries the name bots look for, not its form path.
  const { field } = useController({ name: 'honeypot' });
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        {label}
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={String(field.value ?? '')}
          onChange={field.onChange}
        />
      </label>
    </div>
  );
}
