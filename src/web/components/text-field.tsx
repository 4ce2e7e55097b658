import { useFormContext, useFormState } from 'react-hook-form';
import { describedBy, Field } from './field.tsx';
import { TextInput } from './text-input.tsx';

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
  return (
    <Field
      label={label}
      isRequired={isRequired}
      error={error?.message}
      hint={hint}
      className={className}
    >
      {(control) => (
        <TextInput
          {...control}
          {...inputProps}
          path={path}
          aria-invalid={control['aria-invalid'] || sharedErrorId !== undefined}
          aria-describedby={describedBy(
            control['aria-describedby'],
            sharedErrorId,
          )}
        />
      )}
    </Field>
  );
}
