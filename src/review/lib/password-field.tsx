/** A labelled password box with its error under it, tied together for screen readers. */
export function PasswordField({
  formId,
  name,
  label,
  autoComplete,
  error,
}: {
  /** Makes the ids unique on the page (from `useId`). */
  formId: string;
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  error: string | undefined;
}) {
  const id = `${formId}-${name}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        name={name}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
      />
      {error !== undefined && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
