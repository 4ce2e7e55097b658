import { useController } from 'react-hook-form';
import { Combobox } from '#web/components/combobox.tsx';
import { Field, useIsRequired } from '#web/components/field.tsx';
import { useLeave } from '#web/components/use-leave.ts';
import { useModel } from '#web/lib/model-context.ts';
import type { BlockProps } from './block-props.ts';

export function SelectBlock({ block, isDisabled }: BlockProps<'select'>) {
  const { rules, texts } = useModel();
  const { data } = block;
  const rule = rules.get(data.path);
  const dependents = [...rules.values()]
    .filter((other) => other.showOn?.path === data.path)
    .map((other) => other.path);
  const { field, fieldState } = useController({
    name: data.path,
    rules: { deps: dependents },
  });
  const leave = useLeave(data.path);
  const isRequired = useIsRequired(data.path, isDisabled);
  const maxItems = rule?.validators.find(
    (validator) =>
      typeof validator !== 'string' && validator.name === 'maxItems',
  );
  return (
    <Field
      label={data.label}
      isRequired={isRequired}
      error={fieldState.error?.message}
      hint={data.hint}
    >
      {(control) =>
        data.multiple ? (
          <Combobox
            multiple
            control={control}
            options={rule?.options ?? []}
            texts={texts}
            value={Array.isArray(field.value) ? (field.value as string[]) : []}
            max={typeof maxItems === 'object' ? maxItems.max : undefined}
            onChange={field.onChange}
            onBlur={() => leave(field.onBlur)}
            inputRef={field.ref}
            disabled={isDisabled}
          />
        ) : (
          <Combobox
            control={control}
            options={rule?.options ?? []}
            texts={texts}
            value={String(field.value ?? '')}
            onChange={(value) => {
              field.onChange(value);
              field.onBlur();
            }}
            onBlur={() => leave(field.onBlur)}
            inputRef={field.ref}
            disabled={isDisabled}
            autoComplete={data.autoComplete}
          />
        )
      }
    </Field>
  );
}
