import { useId, useState, type FormEvent } from 'react';
import { api, ApiError } from '#review/lib/api.ts';

/** Changing one's own password; every other session of the account ends with it. */
export function SettingsPage() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isDone, setIsDone] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const id = useId();

  const change = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    if (newPassword !== String(data.get('repeatPassword') ?? '')) {
      setErrors({ repeatPassword: 'The two new passwords differ.' });
      return;
    }
    setIsBusy(true);
    setIsDone(false);
    try {
      await api('/api/review/password', {
        method: 'POST',
        body: { currentPassword, newPassword },
      });
      form.reset();
      setErrors({});
      setIsDone(true);
    } catch (failure) {
      setErrors(
        failure instanceof ApiError && failure.issues.length > 0
          ? Object.fromEntries(
              failure.issues.map((issue) => [issue.path, issue.message]),
            )
          : { form: failure instanceof Error ? failure.message : 'Try again.' },
      );
    } finally {
      setIsBusy(false);
    }
  };

  const field = (name: string, label: string, autoComplete: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="input"
        name={name}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={name in errors}
        aria-describedby={name in errors ? `${id}-${name}-error` : undefined}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field__error">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <main className="inbox settings" aria-labelledby="settings-heading">
      <h1 id="settings-heading" className="audit__heading">
        Settings
      </h1>
      <form
        className="settings__form"
        noValidate
        onSubmit={(event) => void change(event)}
      >
        <h2 className="settings__heading">Change your password</h2>
        {field('currentPassword', 'Current password', 'current-password')}
        {field(
          'newPassword',
          'New password (at least 12 characters)',
          'new-password',
        )}
        {field('repeatPassword', 'New password again', 'new-password')}
        <p className="settings__status" role="status">
          {isDone &&
            'Your password is changed; your other sessions have ended.'}
          {errors.form}
        </p>
        <button
          type="submit"
          className="button button--primary settings__submit"
          aria-disabled={isBusy}
        >
          Change password
        </button>
      </form>
    </main>
  );
}
