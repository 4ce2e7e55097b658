import { useIsRequired } from '#web/components/field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useModel } from '#web/lib/model-context.ts';
import type { BlockProps } from './block-props.ts';

const inputModes = {
  tel: 'tel',
  email: 'email',
  text: undefined,
  url: 'url',
} as const;

export function TextInputBlock({ block, isDisabled }: BlockProps<'textInput'>) {
  const { rules } = useModel();
  const { data } = block;
  const isRequired = useIsRequired(data.path, isDisabled);
  return (
    <TextField
      path={data.path}
      label={data.label}
      isRequired={isRequired}
      hint={data.hint}
      className={data.half ? 'field--half' : undefined}
      type={data.multiline ? undefined : data.inputType}
      inputMode={inputModes[data.inputType]}
      multiline={data.multiline}
      placeholder={data.placeholder}
      autoComplete={data.autoComplete}
      maxLength={rules.get(data.path)?.maxLength}
      disabled={isDisabled}
    />
  );
}
