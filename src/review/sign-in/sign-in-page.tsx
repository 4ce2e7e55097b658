import { useId, useState, type FormEvent } from 'react';
import { returnPathAfterSignIn } from '#engine/review-page.ts';
import { api, ApiError, type StaffMember } from '#review/lib/api.ts';
import { SignedOutCard } from '#review/lib/signed-out-card.tsx';

/** A centred card: the organisation's logo, Email, Password, Sign in. */
export function SignInPage() {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const errorId = useId();

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const data = new FormData(event.currentTarget);
    if (!data.get('email') || !data.get('password')) {
      setError('Enter your e-mail address and password.');
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      await api<StaffMember>('/api/review/session', {
        method: 'POST',
        body: { email: data.get('email'), password: data.get('password') },
      });
      const next = new URLSearchParams(window.location.search).get('next');
      window.location.assign(returnPathAfterSignIn(next));
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failure.message
          : 'The server cannot be reached. Check the connection and try again.',
      );
      setIsBusy(false);
    }
  };

  return (
    <SignedOutCard
      heading="Sign in to review applications"
      onSubmit={(event) => void signIn(event)}
      describedBy={error ? errorId : undefined}
    >
      <div className="field">
        <label className="field__label" htmlFor="sign-in-email">
          Email
        </label>
        <input
          id="sign-in-email"
          className="input"
          name="email"
          type="email"
          autoComplete="username"
          aria-invalid={error !== null}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="sign-in-password">
          Password
        </label>
        <input
          id="sign-in-password"
          className="input"
          name="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={error !== null}
        />
      </div>
      <p id={errorId} className="field__error sign-in__error" role="alert">
        {error}
      </p>
      <button
        type="submit"
        className="button button--primary sign-in__submit"
        aria-disabled={isBusy}
      >
        Sign in
      </button>
    </SignedOutCard>
  );
}
