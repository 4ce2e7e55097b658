import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  returnPathAfterSignIn,
  twoStepSetupPath,
} from '#engine/review-page.ts';
import { api, ApiError, type StaffMember } from '#review/lib/api.ts';
import { SignedOutCard } from '#review/lib/signed-out-card.tsx';

/** What the server answers to a password: signed in, or a code still to come. */
type PasswordAnswer =
  | (StaffMember & { mustEnrol: boolean })
  | {
      status: 'two_step_needed';
      message: string;
      methods: Array<'code' | 'passkey'>;
    };

const unreachable =
  'The server cannot be reached. Check the connection and try again.';

/** Where to go once signed in: the address asked for, by way of the two-step set-up if it must come first. */
function goOn(mustEnrol: boolean) {
  const next = returnPathAfterSignIn(
    new URLSearchParams(window.location.search).get('next'),
  );
  window.location.assign(
    mustEnrol ? `${twoStepSetupPath}?next=${encodeURIComponent(next)}` : next,
  );
}

/**
 * A centred card: the organisation's logo, Email, Password, Sign in; then, for an account with
 * two-step sign-in, Authentication code and Verify.
 */
export function SignInPage() {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [hasPasskey, setHasPasskey] = useState(false);
  const [email, setEmail] = useState('');
  const errorId = useId();
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  const failed = (failure: unknown) => {
    setError(
      failure instanceof ApiError
        ? (failure.issues[0]?.message ?? failure.message)
        : unreachable,
    );
    setIsBusy(false);
  };

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
      const answer = await api<PasswordAnswer>('/api/review/session', {
        method: 'POST',
        body: { email: data.get('email'), password: data.get('password') },
      });
      if ('status' in answer) {
        setHasPasskey(answer.methods.includes('passkey'));
        setStep('code');
        setIsBusy(false);
        return;
      }
      goOn(answer.mustEnrol);
    } catch (failure) {
      failed(failure);
    }
  };

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    if (!code.trim()) {
      setError('Enter the code from your authenticator app.');
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      await api<StaffMember>('/api/review/session/code', {
        method: 'POST',
        body: { code },
      });
      goOn(false);
    } catch (failure) {
      // Too late or too many wrong codes: the password is asked for again, the address kept.
      if (failure instanceof ApiError && failure.status === 410)
        setStep('password');
      failed(failure);
    }
  };

  const signInWithPasskey = async () => {
    if (isBusy) return;
    setIsBusy(true);
    setError(null);
    try {
      // Loaded only here: most sign-ins never need it.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const optionsJSON = await api<
        Parameters<typeof startAuthentication>[0]['optionsJSON']
      >('/api/review/session/passkey/options', { method: 'POST' });
      const response = await startAuthentication({ optionsJSON });
      await api<StaffMember>('/api/review/session/passkey', {
        method: 'POST',
        body: { response },
      });
      goOn(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 410)
        setStep('password');
      if (failure instanceof ApiError) failed(failure);
      else {
        // The browser's own refusal: cancelled, timed out, or no passkey for this site here.
        setError(
          'No passkey signed you in. Try again, or enter a code from your authenticator app.',
        );
        setIsBusy(false);
      }
    }
  };

  return (
    <SignedOutCard
      heading="Sign in to review applications"
      onSubmit={(event) =>
        void (step === 'code' ? verify(event) : signIn(event))
      }
      describedBy={error ? errorId : undefined}
    >
      {step === 'code' ? (
        <div className="field">
          <label className="field__label" htmlFor="sign-in-code">
            Authentication code
          </label>
          <input
            ref={codeRef}
            id="sign-in-code"
            className="input"
            name="code"
            type="text"
            autoComplete="one-time-code"
            spellCheck={false}
            aria-describedby="sign-in-code-hint"
            aria-invalid={error !== null}
          />
          <p id="sign-in-code-hint" className="panel__hint">
            The 6-digit code your authenticator app shows for {email}, or one of
            your recovery codes.
          </p>
        </div>
      ) : (
        <>
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
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
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
        </>
      )}
      <p id={errorId} className="field__error sign-in__error" role="alert">
        {error}
      </p>
      <button
        type="submit"
        className="button button--primary sign-in__submit"
        aria-disabled={isBusy}
      >
        {step === 'code' ? 'Verify' : 'Sign in'}
      </button>
      {step === 'code' && hasPasskey && (
        <button
          type="button"
          className="button button--outlined sign-in__submit"
          aria-disabled={isBusy}
          onClick={() => void signInWithPasskey()}
        >
          Use a passkey
        </button>
      )}
    </SignedOutCard>
  );
}
