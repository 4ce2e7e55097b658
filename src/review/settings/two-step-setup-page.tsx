import { useMutation } from '@tanstack/react-query';
import { returnPathAfterSignIn, signInPath } from '#engine/review-page.ts';
import { signOut } from '#review-api/session.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { OutcomeMessage } from '#review/lib/outcome-message.tsx';
import { useReviewPage } from '#review/lib/review-page-context.ts';
import { Logo } from '#web/components/logo.tsx';
import { TwoStepSetting } from './two-step-setting.tsx';

/**
 * Where an account is kept, right after its password, while the organisation requires two-step
 * sign-in and the account has not set it up: the set-up, and signing out; nothing else.
 */
export function TwoStepSetupPage() {
  const { logo, organisation } = useReviewPage();
  const next = returnPathAfterSignIn(
    new URLSearchParams(window.location.search).get('next'),
  );
  const leave = useMutation({
    mutationFn: () => call(signOut),
    onSuccess: () => window.location.assign(signInPath),
  });
  return (
    <main className="sign-in">
      <div className="sign-in__card two-step__card">
        {logo && <Logo logo={logo} className="sign-in__logo" />}
        <h1 className="sign-in__heading">Set up two-step sign-in</h1>
        <p>
          {organisation || 'Your organisation'} requires two-step sign-in for
          the workspace: after your password, a code from an app on your phone.
          Set it up once here to go on.
        </p>
        <TwoStepSetting
          afterRecoveryCodes={{
            label: 'Go to the workspace',
            onDone: () => window.location.assign(next),
          }}
        />
        <button
          type="button"
          className="button button--outlined"
          aria-disabled={leave.isPending}
          onClick={() => {
            if (!leave.isPending) leave.mutate();
          }}
        >
          Sign out
        </button>
        <OutcomeMessage
          outcome={
            leave.isError
              ? { text: messageOf(leave.error), isError: true }
              : null
          }
        />
      </div>
    </main>
  );
}
