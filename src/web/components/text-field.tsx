import { useId, useState, type ClipboardEvent } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { interpolate } from '#engine/texts.ts';
import { useModel } from '#web/lib/model-context.ts';
import { describedBy, Field } from './field.tsx';
import { TextInput } from './text-input.tsx';

/** From this share of the cap on, the count of characters shows. */
const counterFrom = 0.8;

type TextFieldProps = {
  path: string;
  label: string;
  isRequired: boolean;
  hint?: string | undefined;
  className?: string | undefined;
  multiline?: boolean;
  maxLength?: number | undefined;
  disabled?: boolean;
  type?: string | undefined;
  inputMode?: 'tel' | 'email' | 'numeric' | 'url' | undefined;
  placeholder?: string | undefined;
  autoComplete?: string | undefined;
  autoCapitalize?: string;
  spellCheck?: boolean;
  /** Answers that are validated again whenever this one changes. */
  deps?: string[];
  /** An error shown elsewhere that also concerns this input, such as the platforms rule. */
  sharedErrorId?: string | undefined;
};

/** A form answer as a labelled text input, with its hint and error. */
export function TextField({
  path,
  label,
  isRequired,
  hint,
  className,
  sharedErrorId,
  ...inputProps
}: TextFieldProps) {
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: path, exact: true });
  const { error } = getFieldState(path, formState);
  const length = useLength(path, inputProps.maxLength);
  const [wasCut, setWasCut] = useState(false);
  const noteId = useId();
  const { maxLength } = inputProps;
  // A paste longer than the room left is cut by the input itself; the applicant is told.
  const onPaste = (
    event: ClipboardEvent<HTMLInputElement & HTMLTextAreaElement>,
  ) => {
    if (maxLength === undefined) return;
    const input = event.currentTarget;
    const selected = (input.selectionEnd ?? 0) - (input.selectionStart ?? 0);
    const pasted = event.clipboardData.getData('text').length;
    setWasCut(input.value.length - selected + pasted > maxLength);
  };
  const { texts } = useModel();
  const isCounterShown =
    maxLength !== undefined && length >= maxLength * counterFrom;
  // Said until the answer is shorter than the cap again.
  const isCut = wasCut && maxLength !== undefined && length >= maxLength;
  return (
    <Field
      label={label}
      isRequired={isRequired}
      error={error?.message}
      hint={hint}
      className={className}
    >
      {(control) => (
        <>
          <TextInput
            {...control}
            {...inputProps}
            path={path}
            aria-invalid={
              control['aria-invalid'] || sharedErrorId !== undefined
            }
            aria-describedby={describedBy(
              control['aria-describedby'],
              sharedErrorId,
              isCounterShown && `${noteId}-count`,
              isCut && `${noteId}-cut`,
            )}
            onPaste={onPaste}
          />
          {/* Read when the input is focused, not at every keystroke. */}
          {isCounterShown && (
            <p id={`${noteId}-count`} className="field__note">
              {interpolate(texts.lengthCounter, {
                count: String(length),
                max: String(maxLength),
              })}
            </p>
          )}
          {maxLength !== undefined && (
            <p id={`${noteId}-cut`} className="field__note" role="status">
              {isCut && interpolate(texts.pasteCut, { max: String(maxLength) })}
            </p>
          )}
        </>
      )}
    </Field>
  );
}

/** How long the answer is, watched only where a cap makes it worth knowing. */
function useLength(path: string, maxLength: number | undefined): number {
  const value: unknown = useWatch({
    name: path,
    disabled: maxLength === undefined,
  });
  return typeof value === 'string' ? value.length : 0;
}
