import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { acceptInvitation } from '#review-api/staff.ts';
import { PasswordField } from '#review/lib/password-field.tsx';
import { ApiError, call, fieldErrorsOf, messageOf } from '#review/lib/api.ts';
import { invitationQuery } from '#review/lib/queries.ts';
import { SignedOutCard } from '#review/lib/signed-out-card.tsx';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';

/**
 * Where an invitation link leads: the invited address, and a password of one's own twice. The
 * link's token is in the fragment; it is taken from the address bar at once, so it stays in no
 * history entry, and sent to the server only in request bodies.
 */
export function JoinPage() {
  useDocumentTitle('Join the review workspace');
  const [token] = useState(() => window.location.hash.slice(1));
  const reading = useQuery({
    ...invitationQuery(token),
    enabled: token !== '',
  });
  const invitation = reading.data;
  const [goneOnJoining, setGoneOnJoining] = useState<string | null>(null);
  const gone = !token
    ? 'This address is missing its invitation. Open the link exactly as it was sent.'
    : reading.isError
      ? messageOf(reading.error)
      : goneOnJoining;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    window.history.replaceState(null, '', window.location.pathname);
  }, []);

  const join = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('repeatPassword') ?? '')) {
      setErrors({ repeatPassword: 'The two passwords differ.' });
      return;
    }
    setIsBusy(true);
    try {
      await call(acceptInvitation, { body: { token, password } });
      window.location.assign('/review');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 410)
        setGoneOnJoining(failure.message);
      setErrors(fieldErrorsOf(failure));
      setIsBusy(false);
    }
  };

  return (
    <SignedOutCard
      heading="Join the review workspace"
      onSubmit={(event) => void join(event)}
    >
      {gone ? (
        <p className="field__error" role="alert">
          {gone}
        </p>
      ) : (
        invitation && (
          <>
            <p>
              You are invited as {invitation.role === 'admin' ? 'an' : 'a'}{' '}
              {invitation.role} with the address{' '}
              <strong>{invitation.email}</strong>. Choose a password to sign in
              with.
            </p>
            {/* Lets a password manager file the new password under the right address. */}
            <input
              type="email"
              name="email"
              autoComplete="username"
              value={invitation.email}
              readOnly
              hidden
            />
            <PasswordField
              name="password"
              label="Password (at least 12 characters)"
              autoComplete="new-password"
              error={errors.password}
            />
            <PasswordField
              name="repeatPassword"
              label="Password again"
              autoComplete="new-password"
              error={errors.repeatPassword}
            />
            <p className="field__error sign-in__error" role="alert">
              {errors.form}
            </p>
            <button
              type="submit"
              className="button button--primary sign-in__submit"
              aria-disabled={isBusy}
            >
              Create account
            </button>
          </>
        )
      )}
    </SignedOutCard>
  );
}
