import {
  Activity,
  lazy,
  memo,
  startTransition,
  Suspense,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { FormProvider, useController, useWatch } from 'react-hook-form';
import type { ApplicationModel } from '#engine/application-schema.ts';
import { isDisabled, isShown } from '#engine/conditions.ts';
import { answerPaths } from '#engine/block-kinds/placements.ts';
import type { Block, WizardConfig } from '#engine/config-schema.ts';
import { getAt, setAt } from '#engine/paths.ts';
import type { Texts } from '#engine/texts.ts';
import {
  blockComponent,
  isFieldBlock,
  preloadBlocks,
} from '#web/blocks/block-registry.ts';
import { TextBlock } from '#web/blocks/text-block.tsx';
import { prepareApplicationForm } from '#web/lib/application-form.ts';
import { whenIdle } from '#web/lib/scheduling.ts';
import { ModelContext } from '#web/lib/model-context.ts';
import type { Draft } from '#web/lib/session-draft.ts';
import { StepView } from './step-view.tsx';
import { emailPath, useWizardForm } from './use-wizard-form.ts';
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
  // reveal one: its heading and every field appear in the next frame, on a slow phone too. Each is
  // built when the browser is idle, in two pieces of low-priority work, neither a long task: its
  // elements (in a hidden Activity, whose effects wait), then its fields' effects. A click never
  // waits for either.
  const [preparedAround, setPreparedAround] = useState<number | null>(null);
  const [liveAround, setLiveAround] = useState<number | null>(null);
  useEffect(() => {
    if (!isShown) return;
    if (preparedAround !== stepIndex)
      return whenIdle(() =>
        startTransition(() => setPreparedAround(stepIndex)),
      );
    if (liveAround !== stepIndex)
      return whenIdle(() => startTransition(() => setLiveAround(stepIndex)));
  }, [isShown, stepIndex, preparedAround, liveAround]);
  const around = (index: number | null) =>
    index === null ? [] : [index - 1, index, index + 1];
  const liveSteps = new Set([stepIndex, ...around(liveAround)]);
  const renderedSteps = [
    ...new Set([stepIndex, ...around(preparedAround), ...liveSteps]),
  ]
    .filter((index) => index >= firstFormStep && index < config.steps.length)
    .sort((a, b) => a - b);
  return (
    <FormProvider {...form}>
      <ModelContext value={model}>
        {renderedSteps.map((index) => {
          const isCurrent = index === stepIndex;
          return (
            <Activity
              key={index}
              mode={liveSteps.has(index) ? 'visible' : 'hidden'}
            >
              <StepView
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
                  />
                </Suspense>
              </StepView>
            </Activity>
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

/** The path whose rule decides whether a block is shown: a phone has one rule for its two inputs. */
function rulePath(block: Block): string | undefined {
  return answerPaths(block)[0];
}

/** The answers the conditions of these blocks read, following conditions that depend on others. */
function conditionPaths(
  blocks: readonly Block[],
  rules: ApplicationModel['rules'],
): string[] {
  const found = new Set<string>();
  const visit = (path: string | undefined) => {
    const rule = path === undefined ? undefined : rules.get(path);
    for (const condition of [rule?.showOn, rule?.disableOn])
      if (condition && !found.has(condition.path)) {
        found.add(condition.path);
        visit(condition.path);
      }
  };
  blocks.forEach((block) => visit(rulePath(block)));
  return [...found];
}

/** Whether a block's text shows the applicant's e-mail (`{email}`). */
const namesEmail = (block: Block) =>
  block.component === 'text' && block.data.text.includes('{email}');

/** Memoised: revealing a step rendered hidden re-renders none of its fields. */
const StepBlocks = memo(function StepBlocks({
  blocks,
  model,
  stepIndex,
  sentEmail,
}: {
  /** The step's own blocks: a change elsewhere in the form (the editor's preview) leaves them be. */
  blocks: readonly Block[] | undefined;
  model: ApplicationModel;
  stepIndex: number;
  /** The address a sent application went with, which outlives its answers. */
  sentEmail: string | null;
}) {
  // Only the answers that show, hide or disable a block of this step, and the e-mail where its text
  // names it, re-render it: not every keystroke, nor a step rendered hidden beside the one typed in.
  const watched = useMemo(
    () => [
      ...(blocks?.some(namesEmail) ? [emailPath] : []),
      ...conditionPaths(blocks ?? [], model.rules),
    ],
    [blocks, model],
  );
  const watchedValues: unknown[] = useWatch({ name: watched });
  const values = watched.reduce(
    (tree, path, index) => setAt(tree, path, watchedValues[index]),
    {},
  );
  const email = sentEmail ?? String(getAt(values, emailPath) ?? '');
  return (blocks ?? []).map((block, index) => {
    if (!isFieldBlock(block))
      return <TextBlock key={index} block={block} placeholders={{ email }} />;
    const path = rulePath(block);
    // A block hidden by its condition is not shown, nor validated, nor sent.
    if (path && !isShown(path, values, model.rules)) return null;
    const BlockComponent = blockComponent(block.component);
    return (
      <BlockComponent
        key={`${stepIndex}-${index}`}
        block={block}
        isDisabled={path ? isDisabled(path, values, model.rules) : false}
      />
    );
  });
});

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
