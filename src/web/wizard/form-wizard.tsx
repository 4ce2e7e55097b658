import { Suspense } from 'react';
import { FormProvider, useController, useWatch } from 'react-hook-form';
import type { ApplicationModel } from '#engine/application-schema.ts';
import { isDisabled, isShown } from '#engine/conditions.ts';
import { blockPaths, type WizardConfig } from '#engine/config-schema.ts';
import type { Texts } from '#engine/texts.ts';
import {
  blockComponents,
  isFieldBlock,
  preloadBlocks,
} from '../blocks/block-registry.ts';
import { TextBlock } from '../blocks/text-block.tsx';
import { FlushContext } from '../components/flush-context.ts';
import { ModelContext } from '../lib/model-context.ts';
import type { Draft } from '../lib/session-draft.ts';
import { StepView } from './step-view.tsx';
import { useWizardForm } from './use-wizard-form.ts';

export function preloadFormBlocks(config: WizardConfig): Promise<unknown> {
  return preloadBlocks(config.steps.flatMap((step) => step.blocks));
}

type FormWizardProps = {
  config: WizardConfig;
  texts: Texts;
  stepIndex: number;
  goTo: (stepIndex: number) => void;
  onBack: () => void;
  draft: Draft | null;
};

export function FormWizard({
  config,
  texts,
  stepIndex,
  goTo,
  onBack,
  draft,
}: FormWizardProps) {
  const { form, model, flush, onContinue, isBusy, hasServerError } =
    useWizardForm({ config, stepIndex, goTo, draft });
  return (
    <FormProvider {...form}>
      <ModelContext value={model}>
        <FlushContext value={flush}>
          <StepView
            config={config}
            texts={texts}
            stepIndex={stepIndex}
            onContinue={() => void onContinue()}
            onBack={onBack}
            isBusy={isBusy}
            hasServerError={hasServerError}
          >
            <Suspense
              fallback={<div className="step__loading" aria-busy="true" />}
            >
              <StepBlocks config={config} model={model} stepIndex={stepIndex} />
            </Suspense>
          </StepView>
          <Honeypot label={texts.honeypotLabel} />
        </FlushContext>
      </ModelContext>
    </FormProvider>
  );
}

function StepBlocks({
  config,
  model,
  stepIndex,
}: {
  config: WizardConfig;
  model: ApplicationModel;
  stepIndex: number;
}) {
  const values = useWatch();
  const email = String(values.personalInfo?.emailAddress ?? '');
  return (config.steps[stepIndex]?.blocks ?? []).map((block, index) => {
    if (!isFieldBlock(block))
      return <TextBlock key={index} block={block} placeholders={{ email }} />;
    const path = blockPaths(block)[0];
    // Specification §4: a block hidden by its condition is not shown (nor validated, nor sent).
    if (path && !isShown(path, values, model.rules)) return null;
    const BlockComponent = blockComponents[block.component];
    return (
      <BlockComponent
        key={`${stepIndex}-${index}`}
        block={block}
        isDisabled={path ? isDisabled(path, values, model.rules) : false}
      />
    );
  });
}

/** A field people never see or reach, which form-filling bots do (CONTRACT §6). */
function Honeypot({ label }: { label: string }) {
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
