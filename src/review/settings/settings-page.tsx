import { useId, useState, type FormEvent } from 'react';
import { NotificationSetting } from './notification-setting.tsx';
import { TwoStepSetting } from './two-step-setting.tsx';
import { PasswordField } from '#review/lib/password-field.tsx';
import { api, fieldErrorsOf } from '#review/lib/api.ts';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';

/** Changing one's own password (every other session of the account ends with it), two-step sign-in, notifications. */
export function SettingsPage() {
  useDocumentTitle('Settings');
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
      setErrors(fieldErrorsOf(failure));
    } finally {
      setIsBusy(false);
    }
  };

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
        <PasswordField
          formId={id}
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <PasswordField
          formId={id}
          name="newPassword"
          label="New password (at least 12 characters)"
          autoComplete="new-password"
          error={errors.newPassword}
        />
        <PasswordField
          formId={id}
          name="repeatPassword"
          label="New password again"
          autoComplete="new-password"
          error={errors.repeatPassword}
        />
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
      <TwoStepSetting />
      <NotificationSetting />
    </main>
  );
}
