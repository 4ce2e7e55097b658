import {
  useEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type Ref,
} from 'react';
import { afterPointerRelease } from './after-pointer-release.ts';
import { useRegisterFlush } from './flush-context.ts';

export const inputDebounceMs = 500;

type TextInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'onBlur' | 'ref'
> & {
  value: string;
  multiline?: boolean;
  /** Called 500 ms after typing stops, on blur, on flush and on unmount, only with a changed value. */
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
};

/** A single-line input or textarea whose changes are debounced as specification §5 says, yet never lost. */
export function TextInput({
  value,
  multiline,
  onValueChange,
  onBlur,
  inputRef,
  ...rest
}: TextInputProps) {
  const [draft, setDraft] = useState(value);
  const lastEmitted = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | null>(null);

  // A value set from outside (a restored draft, a reset) replaces what is shown unless typing is pending.
  useEffect(() => {
    if (pending.current === null && value !== lastEmitted.current) {
      lastEmitted.current = value;
      setDraft(value);
    }
  }, [value]);

  const flush = () => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next !== null && next !== lastEmitted.current) {
      lastEmitted.current = next;
      onValueChange(next);
    }
  };
  useRegisterFlush(flush);
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => flushRef.current(), []);

  const handleChange = (next: string) => {
    setDraft(next);
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => flushRef.current(), inputDebounceMs);
  };
  const handleBlur = () =>
    afterPointerRelease(() => {
      flushRef.current();
      onBlur?.();
    });

  return multiline ? (
    <textarea
      {...(rest as InputHTMLAttributes<HTMLTextAreaElement>)}
      ref={inputRef}
      className="input input--multiline"
      rows={4}
      value={draft}
      onChange={(event) => handleChange(event.target.value)}
      onBlur={handleBlur}
    />
  ) : (
    <input
      {...rest}
      ref={inputRef}
      className="input"
      value={draft}
      onChange={(event) => handleChange(event.target.value)}
      onBlur={handleBlur}
    />
  );
}
