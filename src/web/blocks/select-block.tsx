import { useEffect } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { currentOptions, optionSetFor } from '#engine/block-kinds/select.ts';
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
  // Options that follow another answer (states for the US, provinces for Canada), with their words.
  const picked: unknown = useWatch({
    name: rule?.optionSets?.from ?? data.path,
    disabled: !rule?.optionSets,
  });
  const set = rule && optionSetFor(rule, picked);
  const options = rule ? currentOptions(rule, picked) : [];
  const label = set?.label ?? data.label;
  // A choice the new set does not hold (a US state once Canada is chosen) is let go.
  const value: unknown = field.value;
  const isLeftOver =
    rule?.optionSets !== undefined &&
    typeof value === 'string' &&
    value !== '' &&
    !options.some((option) => option.value === value);
  const { onChange } = field;
  useEffect(() => {
    if (isLeftOver) onChange('');
  }, [isLeftOver, onChange]);
  const maxItems = rule?.validators.find(
    (validator) =>
      typeof validator !== 'string' && validator.name === 'maxItems',
  );
  return (
    <Field
      label={label}
      isRequired={isRequired}
      error={fieldState.error?.message}
      hint={data.hint}
    >
      {(control) =>
        data.multiple ? (
          <Combobox
            multiple
            control={control}
            options={options}
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
            options={options}
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
