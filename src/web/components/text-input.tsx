import type { FocusEvent, InputHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { useLeave } from './use-leave.ts';

type TextInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'
> & {
  /** The answer this input holds in the form. */
  path: string;
  multiline?: boolean;
  /** Answers that are validated again whenever this one changes. */
  deps?: string[] | undefined;
};

/**
 * A native single-line input or textarea registered with react-hook-form, which holds every
 * keystroke at once, so a Continue, a blur or a reload right after typing loses nothing.
 */
export function TextInput({ path, multiline, deps, ...rest }: TextInputProps) {
  const { register } = useFormContext();
  const { onBlur, ...registration } = register(path, deps && { deps });
  const leave = useLeave(path);
  const handleBlur = (
    event: FocusEvent<HTMLInputElement & HTMLTextAreaElement>,
  ) => leave(() => onBlur(event));
  // An answer takes the direction of its own first letters: Arabic or Hebrew reads right to left
  // in a page that is not.
  return multiline ? (
    <textarea
      {...rest}
      {...registration}
      dir="auto"
      className="input input--multiline"
      rows={4}
      onBlur={handleBlur}
    />
  ) : (
    <input
      {...rest}
      {...registration}
      dir="auto"
      className="input"
      onBlur={handleBlur}
    />
  );
}
