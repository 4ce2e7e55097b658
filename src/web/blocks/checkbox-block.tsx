import { useId } from 'react';
import { useController } from 'react-hook-form';
import { isRequiredRule } from '#engine/application-schema.ts';
import { describedBy, ErrorText, RequiredMark } from '../components/field.tsx';
import { useImmediateValue } from '../components/use-immediate-value.ts';
import { useModel } from '../lib/model-context.ts';
import type { BlockProps } from './block-props.ts';

export function CheckboxBlock({ block, isDisabled }: BlockProps<'checkbox'>) {
  const { rules } = useModel();
  const { field, fieldState } = useController({ name: block.data.path });
  const [isChecked, setChecked] = useImmediateValue(
    field.value === true,
    field.onChange,
  );
  const id = useId();
  const error = fieldState.error?.message;
  const isRequired = isRequiredRule(rules.get(block.data.path)) && !isDisabled;
  return (
    <div className="field field--checkbox">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={field.name}
          ref={field.ref}
          checked={isChecked}
          disabled={isDisabled}
          aria-required={isRequired || undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(error && `${id}-error`)}
          onChange={(event) => setChecked(event.target.checked)}
          onBlur={field.onBlur}
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
