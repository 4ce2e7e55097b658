import { useController } from 'react-hook-form';
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

/** A form answer as a labelled, debounced text input bound to react-hook-form. */
export function TextField({
  path,
  label,
  isRequired,
  hint,
  className,
  deps,
  sharedErrorId,
  ...inputProps
}: TextFieldProps) {
  const { field, fieldState } = useController({
    name: path,
    rules: deps ? { deps } : {},
  });
  return (
    <Field
      label={label}
      isRequired={isRequired}
      error={fieldState.error?.message}
      hint={hint}
      className={className}
    >
      {(control) => (
        <TextInput
          {...control}
          {...inputProps}
          aria-invalid={control['aria-invalid'] || sharedErrorId !== undefined}
          aria-describedby={describedBy(
            control['aria-describedby'],
            sharedErrorId,
          )}
          name={field.name}
          value={String(field.value ?? '')}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      )}
    </Field>
  );
}
