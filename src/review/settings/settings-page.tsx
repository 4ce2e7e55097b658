import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { changePassword } from '#review-api/session.ts';
import { NotificationSetting } from './notification-setting.tsx';
import { TwoStepSetting } from './two-step-setting.tsx';
import { PasswordField } from '#review/lib/password-field.tsx';
import { call, fieldErrorsOf } from '#review/lib/api.ts';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';

/** Changing one's own password (every other session of the account ends with it), two-step sign-in, notifications. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  // The two new passwords differ: said before anything is sent.
  const [isRepeatWrong, setIsRepeatWrong] = useState(false);
  const change = useMutation({
    mutationFn: (parts: {
      body: { currentPassword: string; newPassword: string };
      form: HTMLFormElement;
    }) => call(changePassword, { body: parts.body }),
    onSuccess: (_, { form }) => form.reset(),
  });
  const errors = isRepeatWrong
    ? { repeatPassword: 'The two new passwords differ.' }
    : change.isError
      ? fieldErrorsOf(change.error)
      : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    const differ = newPassword !== String(data.get('repeatPassword') ?? '');
    setIsRepeatWrong(differ);
    if (differ) change.reset();
    else change.mutate({ body: { currentPassword, newPassword }, form });
  };

  return (
    <main className="inbox settings" aria-labelledby="settings-heading">
      <h1 id="settings-heading" className="audit__heading">
        Settings
      </h1>
      <form className="settings__form" noValidate onSubmit={submit}>
        <h2 className="settings__heading">Change your password</h2>
        <PasswordField
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <PasswordField
          name="newPassword"
          label="New password (at least 12 characters)"
          autoComplete="new-password"
          error={errors.newPassword}
        />
        <PasswordField
          name="repeatPassword"
          label="New password again"
          autoComplete="new-password"
          error={errors.repeatPassword}
        />
        <p className="settings__status" role="status">
          {change.isSuccess &&
            'Your password is changed; your other sessions have ended.'}
          {errors.form}
        </p>
        <button
          type="submit"
          className="button button--primary settings__submit"
          aria-disabled={change.isPending}
        >
          Change password
        </button>
      </form>
      <TwoStepSetting />
      <NotificationSetting />
    </main>
  );
}
