import { Field } from '#web/components/field.tsx';

/** A labelled password box with its error under it. */
export function PasswordField({
  name,
  label,
  autoComplete,
  error,
}: {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  error: string | undefined;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <input
          {...control}
          className="input"
          name={name}
          type="password"
          autoComplete={autoComplete}
        />
      )}
    </Field>
  );
}
