import type { Step } from '#engine/config-schema.ts';
import type { FormEditor } from './use-form-editor.ts';
import { CheckField, TextField } from './form-fields.tsx';

type OptionalText = 'heading' | 'footer' | 'continueButtonText';

/** A step's texts that may be left out, with their labels. */
const optionalTexts: ReadonlyArray<readonly [OptionalText, string]> = [
  ['heading', 'Heading'],
  ['footer', 'Footer'],
  ['continueButtonText', 'Continue button text'],
];

/** The open step's own settings: its name, texts and look (its blocks are in the outline). */
export function StepSettings({
  editor,
  step,
  stepIndex,
}: {
  editor: FormEditor;
  step: Step;
  stepIndex: number;
}) {
  const at = `steps[${stepIndex}]`;
  const editStep = (change: (draft: Step) => void) =>
    editor.edit((draft) => {
      const target = draft.steps[stepIndex];
      if (target) change(target);
    });
  /** An optional text: emptied, it is left out of the form. */
  const editText = (key: OptionalText) => (value: string) =>
    editStep((draft) => {
      if (value) draft[key] = value;
      else delete draft[key];
    });
  return (
    <section
      className="form-editor__section"
      aria-labelledby="step-settings-heading"
    >
      <h2 id="step-settings-heading">
        Step {stepIndex + 1}: {step.name}
      </h2>
      <TextField
        label="Step name"
        path={`${at}.name`}
        value={step.name}
        onChange={(value) => editStep((draft) => (draft.name = value))}
      />
      {optionalTexts.map(([key, label]) => (
        <TextField
          key={key}
          label={label}
          path={`${at}.${key}`}
          value={step[key]}
          onChange={editText(key)}
        />
      ))}
      <CheckField
        label="Grey background"
        path={`${at}.styles.grayBg`}
        checked={step.styles.grayBg}
        onChange={(checked) =>
          editStep((draft) => (draft.styles = { grayBg: checked }))
        }
      />
      <CheckField
        label="Hide the Continue button"
        path={`${at}.hideConfirmButton`}
        checked={step.hideConfirmButton}
        onChange={(checked) =>
          editStep((draft) => (draft.hideConfirmButton = checked))
        }
      />
    </section>
  );
}
