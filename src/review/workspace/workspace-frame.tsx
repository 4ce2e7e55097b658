import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useRoute, useSearchParams } from 'wouter';
import { signInPath } from '#engine/review-page.ts';
import { signOut } from '#review-api/session.ts';
import { Logo } from '#web/components/logo.tsx';
import { call, messageOf } from '#review/lib/api.ts';
import { useReviewPage } from '#review/lib/review-page-context.ts';
import { useMe } from '#review/lib/use-me.ts';
import { withChosenCall } from './call-choice.ts';

/**
 * A screen's link in the bar, marked as the current page while it is shown. The inbox and the
 * insights carry the call chosen on either, so both follow the same one.
 */
function ScreenLink({
  href,
  isPerCall = false,
  children,
}: {
  href: string;
  isPerCall?: boolean;
  children: string;
}) {
  const [isCurrent] = useRoute(href === '/' ? '/' : `${href}/*?`);
  const [params] = useSearchParams();
  return (
    <Link
      href={isPerCall ? withChosenCall(href, params) : href}
      className="workspace__screen"
      aria-current={isCurrent ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}

/** The slim bar over every workspace screen: logo, screens, who is signed in, Sign out. */
export function WorkspaceFrame({ children }: { children: ReactNode }) {
  const { logo } = useReviewPage();
  const me = useMe();
  const leave = useMutation({
    mutationFn: () => call(signOut),
    onSuccess: () => window.location.assign(signInPath),
  });
  return (
    <div className="workspace">
      <header className="workspace__bar">
        {logo && <Logo logo={logo} className="workspace__logo" />}
        <nav className="workspace__screens" aria-label="Workspace">
          <ScreenLink href="/" isPerCall>
            Applications
          </ScreenLink>
          <ScreenLink href="/insights" isPerCall>
            Insights
          </ScreenLink>
          <ScreenLink href="/calls">Calls</ScreenLink>
          <ScreenLink href="/settings">Settings</ScreenLink>
          {me?.role === 'admin' && (
            <>
              <ScreenLink href="/staff">Staff</ScreenLink>
              <ScreenLink href="/messages">Messages</ScreenLink>
              <ScreenLink href="/audit">Audit log</ScreenLink>
              <ScreenLink href="/form">Form</ScreenLink>
            </>
          )}
        </nav>
        <span className="workspace__me">{me?.email}</span>
        <button
          type="button"
          className="button button--outlined workspace__sign-out"
          aria-disabled={leave.isPending}
          onClick={() => {
            if (!leave.isPending) leave.mutate();
          }}
        >
          Sign out
        </button>
        <p className="workspace__failure" role="alert">
          {leave.isError &&
            `You are still signed in: ${messageOf(leave.error)}`}
        </p>
      </header>
      {children}
    </div>
  );
}
