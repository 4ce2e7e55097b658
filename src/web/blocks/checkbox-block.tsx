import { useId } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import {
  describedBy,
  ErrorText,
  Hint,
  LabelText,
  useIsRequired,
} from '#web/components/field.tsx';
import { useLeave } from '#web/components/use-leave.ts';
import type { BlockProps } from './block-props.ts';

/** A checkbox with its label after it, such as the agreement to the terms. */
export function CheckboxBlock({ block, isDisabled }: BlockProps<'checkbox'>) {
  const { data } = block;
  const { register, getFieldState } = useFormContext();
  const { onBlur, ...registration } = register(data.path);
  const formState = useFormState({ name: data.path, exact: true });
  const leave = useLeave(data.path);
  const isRequired = useIsRequired(data.path, isDisabled);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = getFieldState(data.path, formState).error?.message;
  return (
    <div className="field field--checkbox">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          {...registration}
          disabled={isDisabled}
          aria-required={isRequired || undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(data.hint && hintId, error && errorId)}
          onBlur={(event) => leave(() => onBlur(event))}
        />
        <span>
          <LabelText label={data.label} isRequired={isRequired} />
        </span>
      </label>
      {data.hint && <Hint id={hintId} text={data.hint} />}
      {error && <ErrorText id={errorId} message={error} />}
    </div>
  );
}
