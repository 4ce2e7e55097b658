import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  returnPathAfterSignIn,
  twoStepSetupPath,
} from '#engine/review-page.ts';
import {
  passkeySignInOptions,
  signIn,
  signInWithCode,
  signInWithPasskey,
} from '#review-api/session.ts';
import { ApiError, call, messageOf } from '#review/lib/api.ts';
import { SignedOutCard } from '#review/lib/signed-out-card.tsx';
import { Field } from '#web/components/field.tsx';

/** Where to go once signed in: the address asked for, by way of the two-step set-up if it must come first. */
function goOn({ mustEnrol }: { mustEnrol: boolean }) {
  const next = returnPathAfterSignIn(
    new URLSearchParams(window.location.search).get('next'),
  );
  window.location.assign(
    mustEnrol ? `${twoStepSetupPath}?next=${encodeURIComponent(next)}` : next,
  );
}

/** The browser signed in with no passkey: its own refusal, said in words for the person. */
class NoPasskeyUsed extends Error {}

/** Asks the server for a challenge, the browser for a passkey's answer, and the server to take it. */
async function signInByPasskey() {
  const optionsJSON = await call(passkeySignInOptions);
  // Loaded only here: most sign-ins never need it.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  let response;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch {
    // Cancelled, timed out, or no passkey for this site here.
    throw new NoPasskeyUsed(
      'No passkey signed you in. Try again, or enter a code from your authenticator app.',
    );
  }
  return call(signInWithPasskey, { body: { response } });
}

/**
 * A centred card: the organisation's logo, Email, Password, Sign in; then, for an account with
 * two-step sign-in, Authentication code and Verify.
 */
export function SignInPage() {
  // What the person left out, said before anything is sent.
  const [missing, setMissing] = useState<string | null>(null);
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [hasPasskey, setHasPasskey] = useState(false);
  const [email, setEmail] = useState('');
  const errorId = useId();
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  // Too late or too many wrong codes: the password is asked for again, the address kept.
  const onSecondStepError = (failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 410)
      setStep('password');
  };
  const password = useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      call(signIn, { body }),
    onSuccess: (answer) => {
      if (!('status' in answer)) return goOn(answer);
      setHasPasskey(answer.methods.includes('passkey'));
      setStep('code');
    },
  });
  const code = useMutation({
    mutationFn: (entered: string) =>
      call(signInWithCode, { body: { code: entered } }),
    onSuccess: goOn,
    onError: onSecondStepError,
  });
  const passkey = useMutation({
    mutationFn: signInByPasskey,
    onSuccess: goOn,
    onError: onSecondStepError,
  });
  const attempts = [password, code, passkey];
  const isBusy = attempts.some((attempt) => attempt.isPending);
  // Each success leaves the page (or moves on to the code), so the latest refusal is the one to say.
  const latest = attempts.reduce((a, b) =>
    b.submittedAt > a.submittedAt ? b : a,
  );
  const error =
    missing ??
    (latest.isError
      ? latest.error instanceof NoPasskeyUsed
        ? latest.error.message
        : messageOf(latest.error)
      : null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    if (step === 'code') {
      const entered = text('code');
      setMissing(
        entered.trim() ? null : 'Enter the code from your authenticator app.',
      );
      if (entered.trim()) code.mutate(entered);
      return;
    }
    const filled = text('email') && text('password');
    setMissing(filled ? null : 'Enter your e-mail address and password.');
    if (filled)
      password.mutate({ email: text('email'), password: text('password') });
  };

  return (
    <SignedOutCard
      heading="Sign in to review applications"
      onSubmit={submit}
      describedBy={error ? errorId : undefined}
    >
      {step === 'code' ? (
        <Field
          label="Authentication code"
          hint={`The 6-digit code your authenticator app shows for ${email}, or one of your recovery codes.`}
        >
          {(control) => (
            <input
              {...control}
              ref={codeRef}
              className="input"
              name="code"
              type="text"
              autoComplete="one-time-code"
              spellCheck={false}
              // The form's one error, said below it, is about what was entered here.
              aria-invalid={error !== null}
            />
          )}
        </Field>
      ) : (
        <>
          <Field label="Email">
            {(control) => (
              <input
                {...control}
                className="input"
                name="email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                aria-invalid={error !== null}
              />
            )}
          </Field>
          <Field label="Password">
            {(control) => (
              <input
                {...control}
                className="input"
                name="password"
                type="password"
                autoComplete="current-password"
                aria-invalid={error !== null}
              />
            )}
          </Field>
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
          onClick={() => {
            if (isBusy) return;
            setMissing(null);
            passkey.mutate();
          }}
        >
          Use a passkey
        </button>
      )}
    </SignedOutCard>
  );
}
