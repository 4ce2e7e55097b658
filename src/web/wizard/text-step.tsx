import type { WizardConfig } from '#engine/config-schema.ts';
import type { Texts } from '#engine/texts.ts';
import { TextBlock } from '#web/blocks/text-block.tsx';
import { StepView } from './step-view.tsx';

/** A step of text only (the Welcome step), shown before the form library has loaded. */
export function TextStep({
  config,
  texts,
  stepIndex,
  onContinue,
  onBack,
}: {
  config: WizardConfig;
  texts: Texts;
  stepIndex: number;
  onContinue: () => void;
  onBack: () => void;
}) {
  return (
    <StepView
      config={config}
      texts={texts}
      stepIndex={stepIndex}
      onContinue={onContinue}
      onBack={onBack}
      isBusy={false}
      serverError={null}
    >
      {config.steps[stepIndex]?.blocks.map((block, index) =>
        block.component === 'text' || block.component === 'sectionHeading' ? (
          <TextBlock key={index} block={block} placeholders={{ email: '' }} />
        ) : null,
      )}
    </StepView>
  );
}
