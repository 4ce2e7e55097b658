import { useId, type ReactNode } from 'react';
import { isRequiredAnswer } from '#engine/block-kinds/answer.ts';
import { useModel } from '#web/lib/model-context.ts';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-required': boolean | undefined;
  'aria-describedby': string | undefined;
};

/**
 * Whether an answer is marked required, with `*` and `aria-required`: its rule requires it and no
 * condition disables it, since a disabled answer is neither validated nor sent.
 */
export function useIsRequired(path: string, isDisabled: boolean): boolean {
  const { rules } = useModel();
  return isRequiredAnswer(rules.get(path)) && !isDisabled;
}

export function describedBy(
  ...ids: Array<string | false | undefined>
): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/** The id of the label `Field` renders for the control with this id. */
export function labelIdFor(controlId: string): string {
  return `${controlId}-label`;
}

/** A field's name followed by `*` when it is required; screen readers hear `aria-required` instead. */
export function LabelText({
  label,
  isRequired,
}: {
  label: string;
  isRequired: boolean | undefined;
}) {
  return (
    <>
      {label}
      {isRequired && (
        <span className="field__required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </>
  );
}

export function Hint({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="field__hint">
      {text}
    </p>
  );
}

export function ErrorText({
  id,
  message,
  role,
}: {
  id: string;
  message: string;
  role?: 'alert' | undefined;
}) {
  return (
    <p id={id} className="field__error" role={role}>
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

type FieldProps = {
  label: string;
  /** Marks the label with `*` and the control `aria-required`; the workspace's fields leave it out. */
  isRequired?: boolean | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  /** `alert` where the error follows a submit that leaves focus on its button, so it is heard. */
  errorRole?: 'alert' | undefined;
  children: (control: FieldControlProps) => ReactNode;
};

/** One control with its visible label, `*`, hint and error, tied to it by id; the wizard and the staff workspace both use it. */
export function Field({
  label,
  isRequired,
  error,
  hint,
  className,
  errorRole,
  children,
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label id={labelIdFor(id)} htmlFor={id} className="field__label">
        <LabelText label={label} isRequired={isRequired} />
      </label>
      {hint && <Hint id={hintId} text={hint} />}
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-required': isRequired || undefined,
        'aria-describedby': describedBy(hint && hintId, error && errorId),
      })}
      {error && <ErrorText id={errorId} message={error} role={errorRole} />}
    </div>
  );
}

type FieldSetProps = {
  legend: string;
  isRequired: boolean;
  /** The group's own error, shown under its controls; a control's own error is the control's business. */
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  legendClassName?: string;
  /** A Yes/No question: the group is the control, so it carries the required and invalid state. */
  isRadioGroup?: boolean;
  disabled?: boolean;
  /** The controls; a function of the group's error id when they point at the error themselves. */
  children: ReactNode | ((group: { errorId: string }) => ReactNode);
};

/** Several controls answering one question, named by the legend with its `*`, with a hint and an error. */
export function FieldSet({
  legend,
  isRequired,
  error,
  hint,
  className = 'field',
  legendClassName = 'field__label',
  isRadioGroup = false,
  disabled,
  children,
}: FieldSetProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={className}
      disabled={disabled}
      aria-describedby={describedBy(hint && hintId, error && errorId)}
      {...(isRadioGroup && {
        role: 'radiogroup',
        'aria-required': isRequired || undefined,
        'aria-invalid': Boolean(error),
      })}
    >
      <legend className={legendClassName}>
        <LabelText label={legend} isRequired={isRequired} />
      </legend>
      {hint && <Hint id={hintId} text={hint} />}
      {typeof children === 'function' ? children({ errorId }) : children}
      {error && <ErrorText id={errorId} message={error} />}
    </fieldset>
  );
}
