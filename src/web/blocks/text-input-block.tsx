import { isRequiredRule } from '#engine/application-schema.ts';
import { TextField } from '../components/text-field.tsx';
import { useModel } from '../lib/model-context.ts';
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
  const rule = rules.get(data.path);
  return (
    <TextField
      path={data.path}
      label={data.label}
      isRequired={isRequiredRule(rule) && !isDisabled}
      hint={data.hint}
      className={data.half ? 'field--half' : undefined}
      type={data.multiline ? undefined : data.inputType}
      inputMode={inputModes[data.inputType]}
      multiline={data.multiline}
      placeholder={data.placeholder}
      autoComplete={data.autoComplete}
      maxLength={rule?.maxLength}
      disabled={isDisabled}
    />
  );
}
