import { useId, type ReactNode } from 'react';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-required': boolean | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: string;
  isRequired: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  /** Hides the label visually; it still names the control (the calling-code select beside the number). */
  isLabelHidden?: boolean;
  children: (control: FieldControlProps) => ReactNode;
};

export function ErrorText({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="field__error">
      <svg
        className="field__error-icon"
        viewBox="0 0 16 16"
        width="16"
        height="16"
        aria-hidden="true"
      >
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path
          d="M8 4.2v4.6M8 11.2v.6"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      {message}
    </p>
  );
}

export function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      {' *'}
    </span>
  );
}

/** The id of the label `Field` renders for the control with this id. */
export function labelIdFor(controlId: string): string {
  return `${controlId}-label`;
}

export function describedBy(
  ...ids: Array<string | false | undefined>
): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/** The one place that ties a label, its `*`, hint and error text to a control (CONTRACT §5). */
export function Field({
  label,
  isRequired,
  error,
  hint,
  className,
  isLabelHidden,
  children,
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label
        id={labelIdFor(id)}
        htmlFor={id}
        className={isLabelHidden ? 'visually-hidden' : 'field__label'}
      >
        {label}
        {isRequired && <RequiredMark />}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-required': isRequired || undefined,
        'aria-describedby': describedBy(hint && hintId, error && errorId),
      })}
      {error && <ErrorText id={errorId} message={error} />}
    </div>
  );
}
