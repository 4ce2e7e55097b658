import { useId } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { isRequiredRule } from '#engine/application-schema.ts';
import { describedBy, ErrorText, RequiredMark } from '../components/field.tsx';
import { useLeave } from '../components/use-leave.ts';
import { useModel } from '../lib/model-context.ts';
import type { BlockProps } from './block-props.ts';

export function CheckboxBlock({ block, isDisabled }: BlockProps<'checkbox'>) {
  const { rules } = useModel();
  const { register, getFieldState } = useFormContext();
  const { onBlur, ...registration } = register(block.data.path);
  const formState = useFormState({ name: block.data.path, exact: true });
  const leave = useLeave(block.data.path);
  const id = useId();
  const error = getFieldState(block.data.path, formState).error?.message;
  const isRequired = isRequiredRule(rules.get(block.data.path)) && !isDisabled;
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
          aria-describedby={describedBy(error && `${id}-error`)}
          onBlur={(event) => leave(() => onBlur(event))}
        />
        <span>
          {block.data.label}
          {isRequired && <RequiredMark />}
        </span>
      </label>
      {error && <ErrorText id={`${id}-error`} message={error} />}
    </div>
  );
}
