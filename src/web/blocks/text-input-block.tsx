import { useController } from 'react-hook-form';
import { isRequiredRule } from '#engine/application-schema.ts';
import { Field } from '../components/field.tsx';
import { TextInput } from '../components/text-input.tsx';
import { useModel } from '../lib/model-context.ts';
import type { BlockProps } from './block-props.ts';

export function TextInputBlock({ block, isDisabled }: BlockProps<'textInput'>) {
  const { rules } = useModel();
  const { data } = block;
  const rule = rules.get(data.path);
  const { field, fieldState } = useController({ name: data.path });
  const inputMode =
    data.inputType === 'tel'
      ? 'tel'
      : data.inputType === 'email'
        ? 'email'
        : undefined;
  return (
    <Field
      label={data.label}
      isRequired={isRequiredRule(rule) && !isDisabled}
      error={fieldState.error?.message}
      hint={data.hint}
      className={data.half ? 'field--half' : undefined}
    >
      {(control) => (
        <TextInput
          {...control}
          name={field.name}
          type={data.multiline ? undefined : data.inputType}
          inputMode={inputMode}
          multiline={data.multiline}
          placeholder={data.placeholder}
          autoComplete={data.autoComplete}
          maxLength={rule?.maxLength}
          disabled={isDisabled}
          value={String(field.value ?? '')}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      )}
    </Field>
  );
}
